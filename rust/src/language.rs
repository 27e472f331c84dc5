//! `summcheck.faithfulness.lexicon.identify_plain` of a `searchable` text: the language with
//! most of its words among the text's words.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use rustc_hash::FxHashMap;

use crate::text::python_space;

#[pyclass(frozen, module = "summcheck._core")]
pub struct Languages {
    /// Each word of any language's vocabulary, with a bit for each language that lists it.
    words: FxHashMap<String, u32>,
    /// How many languages, in the order of their files.
    count: usize,
    /// English's index: it wins ties after the hinted language.
    english: Option<usize>,
    /// (language index or None, its letters): the first whose letters a text holds is hinted.
    hints: Vec<(Option<usize>, Vec<char>)>,
}

#[pymethods]
impl Languages {
    #[new]
    fn new(
        vocabularies: Vec<Vec<String>>,
        english: Option<usize>,
        hints: Vec<(Option<usize>, String)>,
    ) -> PyResult<Self> {
        if vocabularies.is_empty() || vocabularies.len() > 32 {
            return Err(pyo3::exceptions::PyValueError::new_err("1 to 32 languages"));
        }
        let mut words: FxHashMap<String, u32> = FxHashMap::default();
        for (i, vocabulary) in vocabularies.iter().enumerate() {
            for word in vocabulary {
                *words.entry(word.clone()).or_insert(0) |= 1 << i;
            }
        }
        let hints = hints.into_iter().map(|(i, letters)| (i, letters.chars().collect())).collect();
        Ok(Languages { words, count: vocabularies.len(), english, hints })
    }

    /// The index of the language of `text`'s words (split at white space); ties go to the
    /// hinted language, then English, then the order of the files. None for a text that is not
    /// UTF-8 (a lone surrogate): Python's to read.
    fn identify(&self, text: &Bound<'_, PyAny>) -> Option<usize> {
        let text: PyBackedStr = text.extract().ok()?;
        Some(self.language_of(&text))
    }
}

impl Languages {
    fn language_of(&self, text: &str) -> usize {
        let mut counts = vec![0usize; self.count];
        for word in text.split(python_space).filter(|w| !w.is_empty()) {
            if let Some(&mask) = self.words.get(word) {
                for (i, count) in counts.iter_mut().enumerate() {
                    if mask & (1 << i) != 0 {
                        *count += 1;
                    }
                }
            }
        }
        let hint = if text.is_ascii() {
            None
        } else {
            self.hints
                .iter()
                .find(|(_, letters)| letters.iter().any(|c| text.contains(*c)))
                .and_then(|(i, _)| *i)
        };
        let mut order: Vec<usize> = Vec::with_capacity(self.count);
        order.extend(hint);
        order.extend(self.english.filter(|e| Some(*e) != hint));
        order.extend((0..self.count).filter(|i| Some(*i) != hint && Some(*i) != self.english));
        let mut best = order[0];
        for &i in &order[1..] {
            if counts[i] > counts[best] {
                best = i;
            }
        }
        best
    }
}
