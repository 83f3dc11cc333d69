//! The event log: errors, operator actions, resumes, PIN tries and lockouts,
//! newest first, each detail in the kiosk's language.

use guichet_sale::{Event, Exposed, StoreWarning};

use super::grid::table;
use crate::ui::i18n::Texts;
use crate::ui::notice;
use crate::ui::view::PageContext;
use crate::ui::widgets::local_time;

/// Draws the event log tab.
pub fn ui(ui: &mut egui::Ui, context: &PageContext<'_>, events: &[Event]) {
    let texts = context.texts;
    let rows: Vec<Vec<String>> = events
        .iter()
        .map(|event| {
            vec![
                local_time(&event.at, context.time_zone),
                texts.get(&format!("event-{}", event.kind.name().replace('_', "-"))),
                detail_words(texts, &event.detail, context.time_zone),
            ]
        })
        .collect();
    table(
        ui,
        "event_log",
        &[
            texts.get("operator-when"),
            texts.get("operator-what"),
            texts.get("operator-detail"),
        ],
        &rows,
    );
}

/// An event's detail as the window says it: the store journals its details
/// in English, in fixed forms (the audit's record, unchanged); each form is
/// said in the kiosk's language, anything else (an operator's reason, a
/// store error's own line) as it was written.
#[must_use]
pub fn detail_words(texts: &Texts, detail: &str, zone: &jiff::tz::TimeZone) -> String {
    fixed_form(texts, detail, zone).unwrap_or_else(|| detail.to_owned())
}

/// The words of a detail in one of the journal's fixed forms.
fn fixed_form(texts: &Texts, detail: &str, zone: &jiff::tz::TimeZone) -> Option<String> {
    let plain = match detail {
        "PIN set" => Some("journal-pin-set"),
        "PIN changed" => Some("journal-pin-changed"),
        "operator menu opened" => Some("journal-menu-opened"),
        "the operator closed the kiosk" => Some("journal-closed"),
        "verified: no finding" => Some("journal-verified"),
        _ => None,
    };
    if let Some(key) = plain {
        return Some(texts.get(key));
    }
    if let Some(rest) = detail.strip_prefix("wrong PIN (") {
        let (wrong, most) = rest.strip_suffix(')')?.split_once(" of ")?;
        return Some(texts.with(
            "journal-pin-wrong",
            &[("wrong", wrong.to_owned()), ("most", most.to_owned())],
        ));
    }
    if let Some(count) = detail
        .strip_prefix("verified: ")
        .and_then(|rest| rest.strip_suffix(" finding(s)"))
    {
        return Some(texts.with("journal-findings", &[("count", count.to_owned())]));
    }
    if let Some((tries, until)) = detail.split_once(" wrong PINs: locked until ") {
        return Some(texts.with(
            "journal-locked",
            &[
                ("tries", tries.to_owned()),
                ("date", local_time(until, zone)),
            ],
        ));
    }
    if let Some(rest) = detail.strip_prefix("card ") {
        return Some(match rest.split_once(": ") {
            Some((card, lock)) => {
                let (tries, until) = lock.split_once(" wrong PINs, locked until ")?;
                texts.with(
                    "journal-card-locked",
                    &[
                        ("card", card.to_owned()),
                        ("tries", tries.to_owned()),
                        ("date", local_time(until, zone)),
                    ],
                )
            }
            None => texts.with("journal-card", &[("card", rest.to_owned())]),
        });
    }
    if let Some(unit) = detail
        .strip_prefix("unit ")
        .and_then(|rest| rest.strip_suffix(" taken up"))
    {
        return Some(texts.with("journal-taken-up", &[("unit", unit.to_owned())]));
    }
    let warning = detail.strip_prefix("warning: ")?;
    open_to_others(warning).map(|warning| notice::warning_words(texts, &warning))
}

/// A file or folder open to other users, from its journaled line.
fn open_to_others(line: &str) -> Option<StoreWarning> {
    [
        Exposed::Database,
        Exposed::Folder,
        Exposed::KeyStore,
        Exposed::SealKey,
    ]
    .into_iter()
    .find_map(|what| {
        let rest = line.strip_prefix(what.noun())?.strip_prefix(' ')?;
        let (path, rest) = rest.split_once(" is open to other users (mode ")?;
        let (mode, _) = rest.split_once(')')?;
        Some(StoreWarning::OpenToOthers {
            what,
            path: path.into(),
            mode: u32::from_str_radix(mode, 8).ok()?,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::Language;

    /// Every fixed form the store and the kiosk journal, as they write it,
    /// is said in French; the database's noun is not mistaken for its
    /// folder's.
    #[test]
    fn the_journals_fixed_forms_are_said_in_french() {
        let texts = Texts::new(Language::French);
        let zone = jiff::tz::TimeZone::UTC;
        let said = |detail: &str| detail_words(&texts, detail, &zone);
        assert_eq!(said("PIN set"), "Code d’exploitant choisi");
        assert_eq!(said("PIN changed"), "Code d’exploitant changé");
        assert_eq!(said("operator menu opened"), "Menu de l’exploitant ouvert");
        assert_eq!(said("wrong PIN (2 of 5)"), "Code erroné (2 sur 5)");
        assert_eq!(
            said("5 wrong PINs: locked until 2026-11-30T08:15:00Z"),
            "5 codes erronés : menu bloqué jusqu’au 30/11/2026 08:15"
        );
        assert_eq!(said("card 12345678"), "Carte 12345678");
        assert_eq!(
            said("card 7: 5 wrong PINs, locked until 2026-11-30T08:15:00Z"),
            "Carte 7 : 5 codes erronés, bloquée jusqu’au 30/11/2026 08:15"
        );
        assert_eq!(said("unit 4 (BJ-2) taken up"), "Partie 4 (BJ-2) reprise");
        assert_eq!(said("verified: no finding"), "Vérifiée : rien à signaler");
        assert_eq!(said("verified: 3 finding(s)"), "Vérifiée : 3 constats");
        assert_eq!(
            said("the operator closed the kiosk"),
            "L’exploitant a fermé la borne"
        );
        let folder = StoreWarning::OpenToOthers {
            what: Exposed::Folder,
            path: "/var/lib/guichet".into(),
            mode: 0o755,
        };
        assert_eq!(
            said(&format!("warning: {folder}")),
            notice::warning_words(&texts, &folder)
        );
        let database = StoreWarning::OpenToOthers {
            what: Exposed::Database,
            path: "/var/lib/guichet/guichet.sqlite3".into(),
            mode: 0o644,
        };
        assert_eq!(
            said(&format!("warning: {database}")),
            notice::warning_words(&texts, &database)
        );
        // An operator's own words are kept as typed.
        assert_eq!(said("20,00 € — jackpot"), "20,00 € — jackpot");
    }
}
