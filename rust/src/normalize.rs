//! `summcheck.matching.normalize.fold`: white space runs to one space, a hyphen after a word
//! character made optional at a line end, marked before a space and inside a word, each other
//! character folded one for one, with the segments that map each folded offset back to the
//! text (offsets in code points, as Python counts them).
//!
//! What a character is never comes from this side's Unicode tables: on ASCII, Python's `\s` and
//! `\w` are `ascii_space` and `ascii_word` below; every other character of the text is
//! classified by Python (`normalize.fold`), which also gives its one-for-one fold. A text with a
//! character that folds to another length (NFKC expansions, combining marks, zero-width
//! characters, soft hyphens) stays Python's.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use rustc_hash::{FxHashMap, FxHashSet};

/// Python's `str.isspace()` (and `re`'s `\s`) on an ASCII character.
fn ascii_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c' | '\x1c'..='\x1f')
}

/// `re`'s `\w` on an ASCII character.
fn ascii_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// What Python says of the text's other characters.
#[derive(Default)]
struct Classes {
    spaces: FxHashSet<char>,
    words: FxHashSet<char>,
    hyphens: FxHashSet<char>,
    table: FxHashMap<char, char>,
}

impl Classes {
    fn is_space(&self, c: char) -> bool {
        if c.is_ascii() { ascii_space(c) } else { self.spaces.contains(&c) }
    }
    fn is_word(&self, c: char) -> bool {
        if c.is_ascii() { ascii_word(c) } else { self.words.contains(&c) }
    }
    fn is_hyphen(&self, c: char) -> bool {
        c == '-' || (!c.is_ascii() && self.hyphens.contains(&c))
    }
    /// One character as the folded text holds it.
    fn folded(&self, c: char) -> char {
        if self.is_space(c) {
            ' '
        } else if c.is_ascii() {
            c
        } else {
            *self.table.get(&c).unwrap_or(&c)
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    LineEndHyphen,
    SpacedHyphen,
    WordHyphen,
    Space,
}

/// The hyphen match at `i` (a '-' after a word character), as `_HYPHEN` finds it: its end and
/// kind, or None.
fn hyphen_at(t: &[char], i: usize, k: &Classes) -> Option<(usize, Kind)> {
    if !k.is_hyphen(t[i]) || i == 0 || !k.is_word(t[i - 1]) {
        return None;
    }
    let n = t.len();
    let mut j = i + 1;
    while j < n && k.is_space(t[j]) && t[j] != '\n' {
        j += 1;
    }
    if j < n && t[j] == '\n' {
        // `[^\S\n]*\n\s*` and then a word character.
        let mut e = j + 1;
        while e < n && k.is_space(t[e]) {
            e += 1;
        }
        if e < n && k.is_word(t[e]) {
            return Some((e, Kind::LineEndHyphen));
        }
    }
    if j > i + 1 && j < n && k.is_word(t[j]) {
        return Some((j, Kind::SpacedHyphen));
    }
    if i + 1 < n && k.is_word(t[i + 1]) {
        return Some((i + 1, Kind::WordHyphen));
    }
    None
}

/// The folded text and its map: (text, fstart, ostart, copied, optional, word, spaced hyphens).
type Folded = (String, Vec<usize>, Vec<usize>, Vec<bool>, Vec<usize>, Vec<usize>, Vec<usize>);

fn fold(t: &[char], k: &Classes) -> Folded {
    let n = t.len();
    let mut out: Vec<char> = Vec::with_capacity(n);
    let (mut fstart, mut ostart, mut copied) = (Vec::new(), Vec::new(), Vec::new());
    let (mut optional, mut word, mut spaced) = (Vec::new(), Vec::new(), Vec::new());
    let mut copy_from = 0usize;
    let mut after_space = false;

    let flush = |until: usize,
                 copy_from: &mut usize,
                 after_space: &mut bool,
                 out: &mut Vec<char>,
                 fstart: &mut Vec<usize>,
                 ostart: &mut Vec<usize>,
                 copied: &mut Vec<bool>| {
        if until > *copy_from && *after_space && k.is_space(t[*copy_from]) {
            fstart.push(out.len());
            ostart.push(*copy_from);
            copied.push(false);
            *copy_from += 1;
        }
        if until > *copy_from {
            fstart.push(out.len());
            ostart.push(*copy_from);
            copied.push(true);
            // One for one: a white space character is a space, the others as the table says.
            out.extend(t[*copy_from..until].iter().map(|&c| k.folded(c)));
            *after_space = k.is_space(t[until - 1]);
        }
        *copy_from = until;
    };

    // The matches in text order, as `_special_matches` keeps them: the earlier start wins, a
    // hyphen before a white space run at the same place; one that starts inside a kept match
    // is dropped. A white space run is two or more white space characters (`\s\s+`), found
    // independently of the hyphens: one that starts inside a hyphen's match is dropped whole.
    let mut i = 0usize;
    let mut last_end = 0usize;
    let mut ws_from = 0usize; // where `\s\s+`'s own scan stands
    while i < n {
        let found = if let Some((end, kind)) = hyphen_at(t, i, k) {
            Some((end, kind))
        } else if k.is_space(t[i]) && i >= ws_from {
            let mut end = i;
            while end < n && k.is_space(t[end]) {
                end += 1;
            }
            ws_from = end;
            if end - i >= 2 {
                Some((end, Kind::Space))
            } else {
                None
            }
        } else {
            None
        };
        let Some((end, kind)) = found else {
            i += 1;
            continue;
        };
        if i < last_end {
            i += 1;
            continue;
        }
        last_end = end;
        flush(i, &mut copy_from, &mut after_space, &mut out, &mut fstart, &mut ostart, &mut copied);
        let mut replacement: &[char] = if kind == Kind::Space { &[' '] } else { &[] };
        if after_space && replacement.first() == Some(&' ') {
            replacement = &[];
        }
        if let Some(&last) = replacement.last() {
            after_space = last == ' ';
        }
        match kind {
            Kind::LineEndHyphen => optional.push(out.len()),
            Kind::WordHyphen => word.push(out.len()),
            Kind::SpacedHyphen => spaced.push(out.len()),
            Kind::Space => {}
        }
        fstart.push(out.len());
        ostart.push(i);
        copied.push(false);
        out.extend_from_slice(replacement);
        copy_from = end;
        i = if kind == Kind::Space { end } else { end.max(i + 1) };
    }
    flush(n, &mut copy_from, &mut after_space, &mut out, &mut fstart, &mut ostart, &mut copied);
    (out.into_iter().collect(), fstart, ostart, copied, optional, word, spaced)
}

/// `fold(text)`'s parts for an ASCII text, or None for any other text.
#[pyfunction]
pub fn fold_ascii(text: &Bound<'_, PyAny>) -> Option<Folded> {
    let text = text.extract::<PyBackedStr>().ok()?;
    if !text.is_ascii() {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    Some(fold(&chars, &Classes::default()))
}

/// `fold(text)`'s parts for a text whose characters other than ASCII Python has classified:
/// its white space (`spaces`), word characters (`words`), hyphens (`hyphens`) and one-for-one
/// folds (`table`). None where the text is not UTF-8 (a lone surrogate): Python folds it.
#[pyfunction]
pub fn fold_mapped(text: &Bound<'_, PyAny>, spaces: &str, words: &str, hyphens: &str,
                   table: FxHashMap<char, char>) -> Option<Folded> {
    let text = text.extract::<PyBackedStr>().ok()?;
    let classes = Classes {
        spaces: spaces.chars().collect(),
        words: words.chars().collect(),
        hyphens: hyphens.chars().collect(),
        table,
    };
    let chars: Vec<char> = text.chars().collect();
    Some(fold(&chars, &classes))
}
