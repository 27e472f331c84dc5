//! The claim pass of the faithfulness rules: `summcheck.faithfulness._scan` and `pair_flag`.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyList};
use rustc_hash::FxHashMap;

use crate::text::{python_space, strings};

/// `claim_flags` bit: the claim writes a number its quote does not write as the claim does.
pub const NUMBERS_DIFFER: u8 = 1;
/// `claim_flags` bit: the claim and its quote have an odd difference of negation words.
pub const NEGATIONS_DIFFER: u8 = 2;
/// `claim_flags` bit: a text holds a character this side does not read as Python does.
pub const UNDECIDED: u8 = 4;

/// The word lists of `summcheck.faithfulness._scan`: reference words ("page", "art"), negation
/// words and number words of every language, lower case.
#[pyclass(frozen, module = "summcheck._core")]
pub struct WordScan {
    /// Each listed word with the lists it is on (REFERENCE | NEGATOR | NUMBER_WORD): one
    /// lookup a word.
    classes: FxHashMap<String, u8>,
    /// The longest listed word, in bytes: a longer word is on no list.
    longest: usize,
}

const REFERENCE: u8 = 1;
const NEGATOR: u8 = 2;
const NUMBER_WORD: u8 = 4;

/// What `_scan` reads of one text: its numbers (sorted, each once) and its negation count.
struct Scanned {
    numbers: Vec<String>,
    negations: u32,
}

/// Characters whose lower case and whose place among digits and spaces are the same in every
/// Unicode version either side may use: Latin letters, general punctuation, currency signs.
fn settled(c: char) -> bool {
    c < '\u{250}' || ('\u{2000}'..='\u{206f}').contains(&c) || ('\u{20a0}'..='\u{20cf}').contains(&c)
}

/// Where `_scan` splits words: white space as `str.split()` knows it (Unicode White_Space and
/// the four information separators U+001C..U+001F), and its punctuation marks.
fn splits(c: char) -> bool {
    python_space(c)
        || matches!(
            c,
            '.' | ',' | ';' | ':' | '!' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '"' | '/'
                | '“' | '”' | '„' | '«' | '»' | '§'
        )
}

/// `str.isdigit()` of a character `settled` admits: the ASCII digits and ¹ ² ³.
fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '¹' | '²' | '³')
}

impl WordScan {
    fn class(&self, word: &str) -> u8 {
        if word.len() > self.longest {
            return 0;
        }
        self.classes.get(word).copied().unwrap_or(0)
    }

    fn scan(&self, text: &str) -> Option<Scanned> {
        let ascii = text.is_ascii();
        if !ascii && !text.chars().all(settled) {
            return None;
        }
        let lowered = if ascii { text.to_ascii_lowercase() } else { text.to_lowercase() };
        // `\d` in Python's pattern is a decimal digit: among settled characters, ASCII only.
        let has_digit = text.bytes().any(|b| b.is_ascii_digit());
        let mut negations = count_contractions(text, ascii);
        let mut numbers: Vec<&str> = Vec::new();
        let mut number_word = false;
        let mut previous = 0u8; // the class of the word before
        for word in lowered.split(splits).filter(|w| !w.is_empty()) {
            let class = self.class(word);
            if class & NEGATOR != 0 {
                negations += 1;
            }
            if class & NUMBER_WORD != 0 {
                number_word = true;
            }
            let first = word.chars().next().unwrap_or(' ');
            if (is_digit(first) || class & NUMBER_WORD != 0) && previous & REFERENCE == 0 {
                numbers.push(word);
            }
            previous = class;
        }
        // `_scan` reads the numbers only of a text with a digit or a number word.
        let numbers = if has_digit || number_word {
            numbers.sort_unstable();
            numbers.dedup();
            numbers.into_iter().map(str::to_owned).collect()
        } else {
            Vec::new()
        };
        Some(Scanned { numbers, negations: negations as u32 })
    }
}

/// `text.count("n't") + text.count("n’t")`: contracted negations, counted in the text as
/// written (not lowered).
fn count_contractions(text: &str, ascii: bool) -> usize {
    let bytes = text.as_bytes();
    let mut found = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\'' && i >= 1 && bytes[i - 1] == b'n' && bytes.get(i + 1) == Some(&b't') {
            found += 1;
        }
    }
    if !ascii {
        found += text.matches("n\u{2019}t").count();
    }
    found
}

impl WordScan {
    fn pair_flag(&self, claim: &str, quote: &str, max_chars: usize) -> u8 {
        if too_long(claim, max_chars) || too_long(quote, max_chars) {
            return 0;
        }
        match (self.scan(claim), self.scan(quote)) {
            (Some(said), Some(stated)) => {
                let mut flag = 0;
                if !said.numbers.is_empty()
                    && !stated.numbers.is_empty()
                    && !subset(&said.numbers, &stated.numbers)
                {
                    flag |= NUMBERS_DIFFER;
                }
                if said.negations % 2 != stated.negations % 2 {
                    flag |= NEGATIONS_DIFFER;
                }
                flag
            }
            _ => UNDECIDED,
        }
    }
}

/// Whether a text has more than `max_chars` characters (code points, as Python's `len`).
fn too_long(text: &str, max_chars: usize) -> bool {
    text.len() > max_chars && text.chars().count() > max_chars
}

/// Whether every item of the sorted, deduplicated `part` is in the sorted `whole`.
fn subset(part: &[String], whole: &[String]) -> bool {
    part.iter().all(|n| whole.binary_search(n).is_ok())
}

#[pymethods]
impl WordScan {
    #[new]
    fn new(references: Vec<String>, negators: Vec<String>, number_words: Vec<String>) -> Self {
        let mut classes: FxHashMap<String, u8> = FxHashMap::default();
        for (words, class) in [(references, REFERENCE), (negators, NEGATOR), (number_words, NUMBER_WORD)] {
            for word in words {
                *classes.entry(word).or_insert(0) |= class;
            }
        }
        let longest = classes.keys().map(String::len).max().unwrap_or(0);
        WordScan { classes, longest }
    }

    /// `_scan(text)` as (sorted numbers, negation count), or None where Python must read it.
    fn scan_text(&self, text: &Bound<'_, PyAny>) -> Option<(Vec<String>, u32)> {
        let text: PyBackedStr = text.extract().ok()?;
        self.scan(&text).map(|s| (s.numbers, s.negations))
    }

    /// One byte per (claim, quote) pair: NUMBERS_DIFFER when the claim has numbers, the quote
    /// has numbers and the claim's are not all among them; NEGATIONS_DIFFER when their negation
    /// counts differ in parity; 0 when either text is longer than `max_chars` characters (not
    /// compared); UNDECIDED alone when either text is Python's to read.
    fn claim_flags<'py>(
        &self,
        py: Python<'py>,
        claims: &Bound<'py, PyList>,
        quotes: &Bound<'py, PyList>,
        max_chars: usize,
    ) -> PyResult<Bound<'py, PyBytes>> {
        if claims.len() != quotes.len() {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "claims and quotes differ in length",
            ));
        }
        let claims = strings(claims);
        let quotes = strings(quotes);
        let flags: Vec<u8> = claims
            .iter()
            .zip(quotes.iter())
            .map(|pair| match pair {
                (Some(claim), Some(quote)) => self.pair_flag(claim, quote, max_chars),
                _ => UNDECIDED,
            })
            .collect();
        Ok(PyBytes::new(py, &flags))
    }
}

