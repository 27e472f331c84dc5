//! `summcheck.matching.normalize.fold` of an ASCII text: white space runs to one space, a hyphen
//! after a word character made optional at a line end, marked before a space and inside a word,
//! with the segments that map each folded offset back to the text.
//!
//! Only ASCII texts are folded here: what NFKC, quotation marks, dashes and zero-width
//! characters do to the rest stays Python's (`fold` calls this only where `text.isascii()`).
//! Python's `\s` and `\w` on ASCII are `is_space` and `is_word` below.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;

/// Python's `str.isspace()` (and `re`'s `\s`) on an ASCII character.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0x1c..=0x1f)
}

/// `re`'s `\w` on an ASCII character.
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
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
fn hyphen_at(t: &[u8], i: usize) -> Option<(usize, Kind)> {
    if t[i] != b'-' || i == 0 || !is_word(t[i - 1]) {
        return None;
    }
    let n = t.len();
    let mut j = i + 1;
    while j < n && is_space(t[j]) && t[j] != b'\n' {
        j += 1;
    }
    if j < n && t[j] == b'\n' {
        // `[^\S\n]*\n\s*` and then a word character.
        let mut k = j + 1;
        while k < n && is_space(t[k]) {
            k += 1;
        }
        if k < n && is_word(t[k]) {
            return Some((k, Kind::LineEndHyphen));
        }
    }
    if j > i + 1 && j < n && is_word(t[j]) {
        return Some((j, Kind::SpacedHyphen));
    }
    if i + 1 < n && is_word(t[i + 1]) {
        return Some((i + 1, Kind::WordHyphen));
    }
    None
}

/// The folded text and its map: (text, fstart, ostart, copied, optional, word, spaced hyphens).
type Folded = (String, Vec<usize>, Vec<usize>, Vec<bool>, Vec<usize>, Vec<usize>, Vec<usize>);

fn fold(t: &[u8]) -> Folded {
    let n = t.len();
    let mut out: Vec<u8> = Vec::with_capacity(n);
    let (mut fstart, mut ostart, mut copied) = (Vec::new(), Vec::new(), Vec::new());
    let (mut optional, mut word, mut spaced) = (Vec::new(), Vec::new(), Vec::new());
    let mut copy_from = 0usize;
    let mut after_space = false;

    let flush = |until: usize,
                 copy_from: &mut usize,
                 after_space: &mut bool,
                 out: &mut Vec<u8>,
                 fstart: &mut Vec<usize>,
                 ostart: &mut Vec<usize>,
                 copied: &mut Vec<bool>| {
        if until > *copy_from && *after_space && is_space(t[*copy_from]) {
            fstart.push(out.len());
            ostart.push(*copy_from);
            copied.push(false);
            *copy_from += 1;
        }
        if until > *copy_from {
            fstart.push(out.len());
            ostart.push(*copy_from);
            copied.push(true);
            // One white space character is one space (the translation table of `fold`).
            out.extend(t[*copy_from..until].iter().map(|&b| if is_space(b) { b' ' } else { b }));
            *after_space = is_space(t[until - 1]);
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
        let found = if let Some((end, kind)) = hyphen_at(t, i) {
            Some((end, kind))
        } else if is_space(t[i]) && i >= ws_from {
            let mut end = i;
            while end < n && is_space(t[end]) {
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
        let mut replacement: &[u8] = if kind == Kind::Space { b" " } else { b"" };
        if after_space && replacement.first() == Some(&b' ') {
            replacement = b"";
        }
        if let Some(&last) = replacement.last() {
            after_space = last == b' ';
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
    // ASCII in, ASCII out.
    let text = String::from_utf8(out).expect("ASCII");
    (text, fstart, ostart, copied, optional, word, spaced)
}

/// `fold(text)`'s parts for an ASCII text, or None for any other text (Python folds it).
#[pyfunction]
pub fn fold_ascii(text: &Bound<'_, PyAny>) -> Option<Folded> {
    let text = text.extract::<PyBackedStr>().ok()?;
    if !text.is_ascii() {
        return None;
    }
    Some(fold(text.as_bytes()))
}
