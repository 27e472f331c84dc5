//! What every part of the core reads texts with: Python's white space, and strings taken from
//! a Python list without copying them.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyList;

/// White space as `str.split()` knows it: Unicode White_Space and the four information
/// separators U+001C..U+001F, which CPython counts too.
pub fn python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The strings of a list, each None where it cannot be read as UTF-8 (a lone surrogate from
/// a file read with `surrogateescape`): such a text is left to Python.
pub fn strings(list: &Bound<'_, PyList>) -> Vec<Option<PyBackedStr>> {
    list.iter().map(|item| item.extract::<PyBackedStr>().ok()).collect()
}
