//! `summcheck.faithfulness.tokens.searchable`: a text folded (NFKC, case folded, accents
//! dropped), its punctuation turned into spaces, a space before and after.
//!
//! The fold of each character comes from Python (`tokens.searchable_table`), made there by the
//! function it stands for; this side only applies it. Python lists only characters whose fold
//! is the same alone as inside any text (no compatibility form, no combining mark); a text
//! with any other character is Python's to fold.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use rustc_hash::FxHashMap;

#[pyclass(frozen, module = "summcheck._core")]
pub struct Folder {
    /// The fold of each ASCII character that folds to one ASCII character.
    ascii: [Option<u8>; 128],
    /// The fold of every other listed character.
    others: FxHashMap<char, Box<str>>,
}

impl Folder {
    fn fold(&self, text: &str) -> Option<String> {
        let mut out = String::with_capacity(text.len() + 2);
        out.push(' ');
        if text.is_ascii() {
            for b in text.bytes() {
                out.push(self.ascii[b as usize]? as char);
            }
        } else {
            for c in text.chars() {
                match self.ascii.get(c as usize) {
                    Some(Some(b)) => out.push(*b as char),
                    _ => out.push_str(self.others.get(&c)?),
                }
            }
        }
        out.push(' ');
        Some(out)
    }
}

#[pymethods]
impl Folder {
    #[new]
    fn new(table: FxHashMap<char, String>) -> Self {
        let mut ascii = [None; 128];
        let mut others = FxHashMap::default();
        for (c, folded) in table {
            let one = folded.as_bytes();
            if c.is_ascii() && one.len() == 1 && one[0].is_ascii() {
                ascii[c as usize] = Some(one[0]);
            } else {
                others.insert(c, folded.into_boxed_str());
            }
        }
        Folder { ascii, others }
    }

    /// `searchable(text)`, or None where a character is not in the table (or the text is
    /// not UTF-8: a lone surrogate).
    fn searchable(&self, text: &Bound<'_, PyAny>) -> Option<String> {
        self.fold(&text.extract::<PyBackedStr>().ok()?)
    }
}
