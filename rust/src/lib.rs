//! summcheck's compiled core: the per-claim text work that Python does a few microseconds at a
//! time, done over all claims in one call that takes lists of strings and returns flat bytes.
//!
//! Every function here has a Python twin in `src/summcheck`, which stays the test oracle and the
//! fallback where this module was not built (`summcheck.core` chooses). Where the two could read
//! a text differently (a character whose lower case or digit property may change between the
//! Unicode versions of CPython and Rust), this side answers "undecided" and Python reads it.
//!
//! No `unsafe` code.

use pyo3::prelude::*;

mod fold;
mod language;
mod normalize;
mod scan;
mod search;
mod text;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("NUMBERS_DIFFER", scan::NUMBERS_DIFFER)?;
    m.add("NEGATIONS_DIFFER", scan::NEGATIONS_DIFFER)?;
    m.add("UNDECIDED", scan::UNDECIDED)?;
    m.add_class::<scan::WordScan>()?;
    m.add_class::<fold::Folder>()?;
    m.add_class::<language::Languages>()?;
    m.add_class::<search::TextSearch>()?;
    m.add_function(wrap_pyfunction!(normalize::fold_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(normalize::fold_mapped, m)?)?;
    Ok(())
}
