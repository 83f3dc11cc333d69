//! The kiosk's words, in French (first) and English, from Fluent files in
//! `assets/i18n/`. Money stays French in both: `2,00 €`, `20 000 €` — in a
//! sentence, which may wrap, with a no-break space that epaint will not break.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use guichet_core::money::THOUSANDS_SEPARATOR;
use unic_langid::LanguageIdentifier;

const FRENCH: &str = include_str!("../../assets/i18n/fr.ftl");
const ENGLISH: &str = include_str!("../../assets/i18n/en.ftl");

/// The languages of the kiosk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// Français, by default.
    #[default]
    French,
    /// English.
    English,
}

impl Language {
    /// The other one: what the language button switches to.
    #[must_use]
    pub const fn other(self) -> Self {
        match self {
            Self::French => Self::English,
            Self::English => Self::French,
        }
    }
}

/// Every text of the kiosk, in both languages.
pub struct Texts {
    language: Language,
    french: FluentBundle<FluentResource>,
    english: FluentBundle<FluentResource>,
}

impl std::fmt::Debug for Texts {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Texts")
            .field("language", &self.language)
            .finish_non_exhaustive()
    }
}

fn bundle(language: &str, source: &str) -> FluentBundle<FluentResource> {
    let identifier: LanguageIdentifier = language.parse().expect("a valid language tag");
    let resource =
        FluentResource::try_new(source.to_owned()).expect("the bundled Fluent file parses");
    let mut bundle = FluentBundle::new(vec![identifier]);
    // Unicode isolation marks would show as boxes in the bundled font.
    bundle.set_use_isolating(false);
    bundle
        .add_resource(resource)
        .expect("no message is defined twice");
    bundle
}

impl Texts {
    /// The texts, shown in `language`.
    #[must_use]
    pub fn new(language: Language) -> Self {
        Self {
            language,
            french: bundle("fr-FR", FRENCH),
            english: bundle("en-GB", ENGLISH),
        }
    }

    /// The language shown.
    #[must_use]
    pub const fn language(&self) -> Language {
        self.language
    }

    /// Shows `language` from now on.
    pub fn set_language(&mut self, language: Language) {
        self.language = language;
    }

    /// The text `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> String {
        self.format(key, None)
    }

    /// The text `key` with its placeholders filled: `("price", "2 €")`. A value
    /// made only of digits goes to Fluent as a number, so that plurals select.
    #[must_use]
    pub fn with(&self, key: &str, arguments: &[(&str, String)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in arguments {
            let value = match value.parse::<i64>() {
                Ok(number) => FluentValue::from(number),
                Err(_) => FluentValue::from(value.clone()),
            };
            fluent.set(*name, value);
        }
        self.format(key, Some(&fluent))
    }

    /// The text `key` in French, whatever the language shown: the law's
    /// words (its warning is French on every screen, its English rendering
    /// beside it).
    #[must_use]
    pub fn in_french(&self, key: &str) -> String {
        self.format_in(Language::French, key, None)
    }

    /// Formats `key`. A missing key or a Fluent error is a bug that the test
    /// suite must catch (`tests/words.rs` checks every key and every message;
    /// the screen tests run in debug builds, where it panics); a release build
    /// shows the key itself, or the text as Fluent could make it, rather than
    /// nothing.
    fn format(&self, key: &str, arguments: Option<&FluentArgs<'_>>) -> String {
        self.format_in(self.language, key, arguments)
    }

    /// Formats `key` in `language` (as [`Texts::format`]).
    fn format_in(
        &self,
        language: Language,
        key: &str,
        arguments: Option<&FluentArgs<'_>>,
    ) -> String {
        let bundle = self.bundle(language);
        let Some(pattern) = bundle.get_message(key).and_then(|message| message.value()) else {
            return faulty(key, language, "no such text").unwrap_or_else(|| key.to_owned());
        };
        let mut errors = Vec::new();
        let text = bundle
            .format_pattern(pattern, arguments, &mut errors)
            .into_owned();
        if !errors.is_empty() {
            faulty(key, language, &format!("{errors:?}"));
        }
        // Sentences wrap, and epaint breaks lines at the narrow no-break space
        // of thousands: in a sentence, amounts keep theirs whole with U+00A0.
        text.replace(THOUSANDS_SEPARATOR, "\u{A0}")
    }

    fn bundle(&self, language: Language) -> &FluentBundle<FluentResource> {
        match language {
            Language::French => &self.french,
            Language::English => &self.english,
        }
    }

    /// What is wrong with the texts of `language`: every message formatted with
    /// a sample value for each of its placeholders, and any Fluent error said.
    #[must_use]
    pub fn problems(language: Language) -> Vec<String> {
        let texts = Self::new(language);
        let bundle = texts.bundle(language);
        let source = match language {
            Language::French => FRENCH,
            Language::English => ENGLISH,
        };
        let mut problems = Vec::new();
        for key in Self::keys(language) {
            let Some(pattern) = bundle.get_message(&key).and_then(|message| message.value()) else {
                problems.push(format!("{key}: no value"));
                continue;
            };
            let mut arguments = FluentArgs::new();
            for name in placeholders(source, &key) {
                arguments.set(name, FluentValue::from(2));
            }
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&arguments), &mut errors);
            if !errors.is_empty() {
                problems.push(format!("{key}: {errors:?}"));
            } else if text.trim().is_empty() {
                problems.push(format!("{key}: empty"));
            }
        }
        problems
    }

    /// The keys of a language's file, for the tests that both files say the
    /// same things and that every key the code names exists.
    #[must_use]
    pub fn keys(language: Language) -> Vec<String> {
        let source = match language {
            Language::French => FRENCH,
            Language::English => ENGLISH,
        };
        source
            .lines()
            .filter(|line| {
                line.chars()
                    .next()
                    .is_some_and(|first| first.is_ascii_lowercase())
            })
            .filter_map(|line| line.split_once(" =").map(|(key, _)| key.trim().to_owned()))
            .collect()
    }
}

/// A text that cannot be made: a panic in debug builds (the tests), nothing in
/// release builds, where the caller shows what it can.
fn faulty(key: &str, language: Language, problem: &str) -> Option<String> {
    #[cfg(debug_assertions)]
    panic!("no text `{key}` in {language:?}: {problem}");
    #[cfg(not(debug_assertions))]
    {
        let _ = (key, language, problem);
        None
    }
}

/// The placeholders (`{ $name }`) of message `key` in a Fluent `source`: from its
/// line to the next message.
fn placeholders<'a>(source: &'a str, key: &str) -> Vec<&'a str> {
    let start = source
        .lines()
        .position(|line| {
            line.split_once(" =")
                .is_some_and(|(name, _)| name.trim() == key)
        })
        .unwrap_or(usize::MAX);
    let body: Vec<&str> = source
        .lines()
        .skip(start)
        .enumerate()
        .take_while(|(position, line)| {
            *position == 0 || line.starts_with([' ', '}']) || line.trim().is_empty()
        })
        .map(|(_, line)| line)
        .collect();
    let mut names: Vec<&str> = body
        .iter()
        .flat_map(|line| line.split('$').skip(1))
        .map(|rest| {
            rest.split(|character: char| {
                !(character.is_alphanumeric() || character == '-' || character == '_')
            })
            .next()
            .unwrap_or_default()
        })
        .filter(|name| !name.is_empty())
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}
