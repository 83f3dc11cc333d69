//! The kiosk's words: both languages say the same things, every message formats
//! without error, and every text the code names exists.

use guichet_kiosk::ui::i18n::{Language, Texts};

#[test]
fn both_languages_have_the_same_texts() {
    let french = Texts::keys(Language::French);
    let english = Texts::keys(Language::English);
    assert!(french.len() > 100, "{} texts", french.len());
    assert_eq!(french, english, "the two Fluent files say the same things");
}

#[test]
fn every_text_formats_without_error() {
    for language in [Language::French, Language::English] {
        assert_eq!(
            Texts::problems(language),
            Vec::<String>::new(),
            "{language:?}"
        );
    }
}

/// String literals of the code that name no text: ids and font names.
const NOT_TEXTS: [&str; 1] = ["lato-bold"];

#[test]
fn every_text_the_code_names_exists() {
    let keys = Texts::keys(Language::French);
    let mut named = Vec::new();
    let mut folders = vec![std::path::PathBuf::from("src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                let source = std::fs::read_to_string(&path).expect("a source file");
                for literal in source.split('"').skip(1).step_by(2) {
                    let looks_like_a_key = literal.contains('-')
                        && literal.starts_with(|first: char| first.is_ascii_lowercase())
                        && literal.chars().all(|character| {
                            character.is_ascii_lowercase()
                                || character.is_ascii_digit()
                                || character == '-'
                        });
                    if looks_like_a_key && !NOT_TEXTS.contains(&literal) {
                        named.push((path.display().to_string(), literal.to_owned()));
                    }
                }
            }
        }
    }
    assert!(named.len() > 80, "{} texts named", named.len());
    let missing: Vec<_> = named
        .iter()
        .filter(|(_, key)| !keys.contains(key))
        .collect();
    assert!(missing.is_empty(), "texts named but missing: {missing:?}");
}

#[test]
#[should_panic(expected = "no text `no-such-text` in French: no such text")]
fn a_missing_text_fails_loudly_in_tests() {
    let _ = Texts::new(Language::French).get("no-such-text");
}

#[test]
fn an_amount_in_a_sentence_never_breaks() {
    let texts = Texts::new(Language::French);
    let prize = guichet_core::money::Cents::euros(20_000).to_string();
    let sentence = texts.with("result-won", &[("prize", prize)]);
    assert!(!sentence.contains('\u{202F}'), "{sentence:?}");
    assert!(sentence.contains("20\u{A0}000\u{A0}€"), "{sentence:?}");
}

#[test]
fn every_game_of_the_registry_has_its_rules_in_both_languages() {
    for language in [Language::French, Language::English] {
        let keys = Texts::keys(language);
        for entry in guichet_kiosk::ui::games::GAMES {
            let key = entry.rules_key();
            assert!(
                keys.contains(&key),
                "{language:?}: {key} for {}",
                entry.game
            );
        }
    }
}
