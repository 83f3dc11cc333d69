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
    let found = Texts::new(Language::French).get("no-such-text");
    unreachable!("a missing text was found: `{found}`");
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

/// One error of the kiosk's file, of every kind, as the store makes it.
fn errors_of_the_file() -> Vec<guichet_sale::StoreError> {
    use guichet_sale::StoreError;
    use std::path::PathBuf;
    let path = || PathBuf::from("/var/lib/guichet/guichet.sqlite3");
    let reason = || "Permission denied (os error 13)".to_owned();
    vec![
        StoreError::NotADatabase { path: path() },
        StoreError::NotGuichet { path: path() },
        StoreError::Truncated { path: path() },
        StoreError::Corrupt {
            path: path(),
            detail: "database disk image is malformed".into(),
        },
        StoreError::NewerSchema {
            path: path(),
            found: 9,
            known: 7,
        },
        StoreError::ReadOnly { path: path() },
        StoreError::ReadOnlyFolder {
            path: path(),
            folder: PathBuf::from("/var/lib/guichet"),
        },
        StoreError::ReadOnlyOpen { path: path() },
        StoreError::DatabaseGone {
            path: path(),
            tally: PathBuf::from("/var/lib/guichet/tally"),
        },
        StoreError::UnknownSchema {
            path: path(),
            found: 0,
        },
        StoreError::OldSchema {
            path: path(),
            found: 3,
        },
        StoreError::LogReplaced {
            path: path(),
            wal: PathBuf::from("/var/lib/guichet/guichet.sqlite3-wal"),
            kept: None,
        },
        StoreError::Forged {
            path: path(),
            record: "ledger 12".into(),
        },
        StoreError::ClockBehind {
            path: path(),
            last: "2026-12-01".into(),
            now: "2026-11-01".into(),
        },
        StoreError::NoPermission {
            path: path(),
            mode: 0o000,
        },
        StoreError::NotAFile {
            path: path(),
            kind: "folder",
        },
        StoreError::NoDatabase { path: path() },
        StoreError::Locked { path: path() },
        StoreError::CannotOpen {
            path: path(),
            reason: reason(),
        },
        StoreError::FileReplaced { path: path() },
        StoreError::RolledBack {
            path: path(),
            tally: PathBuf::from("/t"),
            recorded_units: 9,
            recorded_ledger: 9,
            found_units: 3,
            found_ledger: 3,
        },
        StoreError::SealKeyUnreadable {
            path: path(),
            reason: reason(),
        },
        StoreError::SealKeyLost {
            path: path(),
            problem: "missing",
            blocks: 2,
        },
    ]
}

/// One error of play, money and players, of every kind, as the store makes
/// it.
fn errors_of_play() -> Vec<guichet_sale::StoreError> {
    use guichet_core::money::Cents;
    use guichet_sale::{LimitKind, SignInRefusal, StoreError};
    use std::path::PathBuf;
    let path = || PathBuf::from("/var/lib/guichet/guichet.sqlite3");
    let at = jiff::Timestamp::from_second(1_800_000_000).expect("a time");
    let reason = || "Permission denied (os error 13)".to_owned();
    vec![
        StoreError::InsufficientFunds {
            balance: Cents(100),
            stake: Cents(200),
        },
        StoreError::InsufficientBalance {
            balance: Cents(100),
            amount: Cents(200),
        },
        StoreError::NotPositive(Cents(0)),
        StoreError::DepositTooLarge {
            amount: Cents(1_000_000),
            max: Cents(50_000),
        },
        StoreError::BalanceCeiling {
            balance: Cents(100),
            amount: Cents(100),
            max: Cents(150),
        },
        StoreError::NoLimits,
        StoreError::LimitReached {
            kind: LimitKind::Stake,
            amount: Cents(200),
            limit: Cents(100),
            left: Cents(0),
            fits_from: Some(at),
        },
        StoreError::Excluded { until: at },
        StoreError::LimitOutOfRange {
            amount: Cents(0),
            max: Cents(100_000),
        },
        StoreError::ExclusionOutOfRange { days: 0, max: 365 },
        StoreError::PinFormat { min: 4, max: 8 },
        StoreError::NotAnAdult,
        StoreError::CardFormat("no spaces".into()),
        StoreError::CardTaken("1234".into()),
        StoreError::PlayerPinFormat { min: 4, max: 8 },
        StoreError::NoReason,
        StoreError::PinHash("invalid PHC string".into()),
        StoreError::UnitUnfinished(4),
        StoreError::PlayedElsewhere {
            unit: Some(4),
            pid: Some(77),
        },
        StoreError::NoSuchUnit(4),
        StoreError::AlreadySettled(4),
        StoreError::NotFinished(4),
        StoreError::Inconsistent {
            path: path(),
            detail: "event 3 has unknown kind x".into(),
        },
        StoreError::Entropy("getrandom failed".into()),
        StoreError::SideFile {
            path: path(),
            reason: reason(),
        },
        StoreError::KioskRefused("no kiosk named b7".into()),
        StoreError::SignedOut,
        StoreError::SignIn(SignInRefusal::WrongPin { tries_left: 2 }),
        StoreError::SignIn(SignInRefusal::Locked { until: at }),
        StoreError::SignIn(SignInRefusal::UnknownCard),
        StoreError::Network("connection refused".into()),
        StoreError::Sqlite {
            path: path(),
            source: "disk I/O error".into(),
        },
    ]
}

/// One store error of every kind the window can meet.
fn one_error_of_each_kind() -> Vec<guichet_sale::StoreError> {
    let mut errors = errors_of_the_file();
    errors.extend(errors_of_play());
    errors
}

/// Words of the store's own (English, for the command line) that must never
/// reach a French screen.
const ENGLISH: [&str; 8] = [
    " the ", " is ", "cannot", "database", "unit ", "error", "denied", "refused",
];

#[test]
fn every_store_error_the_window_meets_has_words_in_both_languages() {
    let zone = jiff::tz::TimeZone::UTC;
    let french = Texts::new(Language::French);
    let english = Texts::new(Language::English);
    let errors = one_error_of_each_kind();
    assert!(errors.len() > 50, "{} errors", errors.len());
    for error in &errors {
        let store_says = error.to_string();
        let fr = guichet_kiosk::ui::notice::words_for(&french, error, &zone);
        let en = guichet_kiosk::ui::notice::words_for(&english, error, &zone);
        assert!(!fr.is_empty() && !en.is_empty(), "{error:?}");
        assert_ne!(fr, en, "{error:?}: the same words in both languages");
        assert!(!fr.contains(&store_says), "{error:?}: {fr}");
        let lower = fr.to_lowercase();
        for english_word in ENGLISH {
            assert!(
                !lower.contains(english_word),
                "{error:?}: “{english_word}” in {fr}"
            );
        }
        assert!(
            !fr.contains("/var/lib"),
            "{error:?}: a path shown to the player: {fr}"
        );
    }
}

#[test]
fn every_store_warning_has_words_in_both_languages() {
    use guichet_sqlite::{Exposed, StoreWarning};
    use std::path::PathBuf;
    let path = || PathBuf::from("/var/lib/guichet/guichet.sqlite3");
    let warnings = [
        StoreWarning::OpenToOthers {
            what: Exposed::Database,
            path: path(),
            mode: 0o644,
        },
        StoreWarning::OpenToOthers {
            what: Exposed::Folder,
            path: path(),
            mode: 0o755,
        },
        StoreWarning::OpenToOthers {
            what: Exposed::KeyStore,
            path: path(),
            mode: 0o755,
        },
        StoreWarning::OpenToOthers {
            what: Exposed::SealKey,
            path: path(),
            mode: 0o640,
        },
        StoreWarning::LegacyKeyUnused { path: path() },
        StoreWarning::LegacyKeyOther {
            path: path(),
            kept: path(),
        },
        StoreWarning::TallyRebuilt { path: path() },
        StoreWarning::TallyUnwritten {
            path: path(),
            reason: "No space left".into(),
        },
    ];
    let french = Texts::new(Language::French);
    let english = Texts::new(Language::English);
    for warning in &warnings {
        let fr = guichet_kiosk::ui::notice::warning_words(&french, warning);
        let en = guichet_kiosk::ui::notice::warning_words(&english, warning);
        assert_ne!(fr, en, "{warning:?}");
        assert!(
            fr.contains("/var/lib/guichet"),
            "{warning:?}: the operator is told which file: {fr}"
        );
        assert!(!fr.to_lowercase().contains(" is "), "{warning:?}: {fr}");
    }
    assert!(guichet_kiosk::ui::notice::warning_words(&french, &warnings[0]).contains("644"));
}
