//! `summcheck.matching.exact.Matcher`'s scans of a source's folded text: each quote's
//! occurrences inside the spans its locator names, and every quote's occurrences anywhere in
//! one pass (Aho-Corasick), in document order, overlapping ones included, as `str.find` from
//! the last hit plus one finds them.
//!
//! Offsets are code points, as Python counts them; the text is held as UTF-8 with the byte
//! offset of every `STRIDE`-th character, so either offset turns into the other in a few steps.
//! What a hit means (the hyphens around it, its place in the original text) stays Python's.

use aho_corasick::{AhoCorasick, MatchKind};
use memchr::memmem;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyList;

const STRIDE: usize = 32;

#[pyclass(frozen, module = "summcheck._core")]
pub struct TextSearch {
    text: PyBackedStr,
    /// Byte offset of character k·STRIDE; empty when the text is ASCII (offsets agree).
    marks: Vec<usize>,
    chars: usize,
}

/// Whether a byte starts a character in UTF-8 (is no continuation byte).
fn starts_char(b: u8) -> bool {
    (b & 0xC0) != 0x80
}

impl TextSearch {
    fn bytes(&self) -> &[u8] {
        self.text.as_bytes()
    }

    /// The byte offset of character offset `pos` (the text's end beyond it).
    fn byte_of(&self, pos: usize) -> usize {
        let pos = pos.min(self.chars);
        if self.marks.is_empty() {
            return pos;
        }
        let bytes = self.bytes();
        if pos == self.chars {
            // The end: no mark stands there when the length is a multiple of STRIDE.
            return bytes.len();
        }
        let mut at = self.marks[pos / STRIDE];
        let mut left = pos % STRIDE;
        while left > 0 {
            at += 1;
            while at < bytes.len() && !starts_char(bytes[at]) {
                at += 1;
            }
            left -= 1;
        }
        at
    }

    /// The character offset of byte offset `at`, which starts a character.
    fn char_of(&self, at: usize) -> usize {
        if self.marks.is_empty() {
            return at;
        }
        let k = self.marks.partition_point(|&m| m <= at) - 1;
        let bytes = self.bytes();
        k * STRIDE + bytes[self.marks[k]..at].iter().filter(|&&b| starts_char(b)).count()
    }
}

#[pymethods]
impl TextSearch {
    /// The search of `text`; a text that is not UTF-8 (a lone surrogate) cannot be held, and
    /// `TypeError`/`UnicodeEncodeError` tells the caller to search in Python.
    #[new]
    fn new(text: PyBackedStr) -> Self {
        let bytes = text.as_bytes();
        let mut marks = Vec::new();
        let mut chars = bytes.len();
        if !bytes.is_ascii() {
            chars = 0;
            for (i, &b) in bytes.iter().enumerate() {
                if starts_char(b) {
                    if chars % STRIDE == 0 {
                        marks.push(i);
                    }
                    chars += 1;
                }
            }
        }
        TextSearch { text, marks, chars }
    }

    /// For each `i`, the first `limit` offsets at which `needles[i]` stands whole inside
    /// characters `los[i]..his[i]`, in order (None for a needle that is no UTF-8 text).
    fn find_in(&self, needles: &Bound<'_, PyList>, los: Vec<usize>, his: Vec<usize>,
               limit: usize) -> Vec<Option<Vec<usize>>> {
        let bytes = self.bytes();
        needles.iter().zip(los.iter().zip(his.iter())).map(|(needle, (&lo, &hi))| {
            let needle = needle.extract::<PyBackedStr>().ok()?;
            let needle = needle.as_bytes();
            let mut found = Vec::new();
            if needle.is_empty() || lo >= hi {
                return Some(found);
            }
            let (start, end) = (self.byte_of(lo), self.byte_of(hi));
            let finder = memmem::Finder::new(needle);
            let mut at = start;
            while found.len() < limit && at + needle.len() <= end {
                match finder.find(&bytes[at..end]) {
                    Some(k) => {
                        found.push(self.char_of(at + k));
                        // The next character: a match starts where a character starts.
                        at += k + 1;
                        while at < end && !starts_char(bytes[at]) {
                            at += 1;
                        }
                    }
                    None => break,
                }
            }
            Some(found)
        }).collect()
    }

    /// Each needle's first `limit` offsets anywhere in the text, in order, all needles in one
    /// pass; None when a needle is no UTF-8 text, or when the needles stand over one another
    /// so often (hostile input: "a a", "a a a", … over a text of "a a a …") that the pass
    /// would not stay linear: the caller then looks for each alone.
    fn find_anywhere(&self, needles: &Bound<'_, PyList>, limit: usize
                     ) -> Option<Vec<Vec<usize>>> {
        let texts: Vec<PyBackedStr> = needles.iter()
            .map(|n| n.extract::<PyBackedStr>().ok()).collect::<Option<_>>()?;
        let mut found: Vec<Vec<usize>> = vec![Vec::new(); texts.len()];
        let patterns: Vec<(usize, &[u8])> = texts.iter().enumerate()
            .filter(|(_, t)| !t.is_empty()).map(|(i, t)| (i, t.as_bytes())).collect();
        if patterns.is_empty() {
            return Some(found);
        }
        let automaton = AhoCorasick::builder().match_kind(MatchKind::Standard)
            .build(patterns.iter().map(|(_, p)| p)).ok()?;
        // Matches past a needle's limit are skipped; this many of them, and the pass is not
        // worth finishing.
        let mut budget = 4 * self.bytes().len() + 1024;
        for hit in automaton.find_overlapping_iter(self.bytes()) {
            let owner = patterns[hit.pattern().as_usize()].0;
            let list = &mut found[owner];
            if list.len() < limit {
                list.push(self.char_of(hit.start()));
            } else if budget == 0 {
                return None;
            } else {
                budget -= 1;
            }
        }
        Some(found)
    }
}
