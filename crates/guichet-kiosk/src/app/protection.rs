//! The player's protection as the kiosk applies it: the age answer, the
//! limits, a break from play, and the answers to the reality checks. On a
//! network the desk checked the player's age and sets their limits and
//! breaks: a kiosk there only shows them.

use guichet_core::money::Cents;
use guichet_sale::{LimitKind, PointOfSale, RealityChoice, StoreError};
use guichet_sqlite::Store;

use crate::app::backend::Backend;
use crate::app::page::Page;
use crate::app::session::Session;
use crate::app::state::{Changed, KioskState};
use crate::command::ProtectionCommand;
use crate::ui::i18n::Texts;
use crate::ui::notice::Notice;
use crate::ui::views::{LimitsPage, Lobby, ResumePage};
use crate::ui::widgets::local_moment;

/// Applies a command of the player's protection.
///
/// # Errors
/// What the store refused or failed at; nothing changed then.
pub fn protect(state: &mut KioskState, command: ProtectionCommand) -> Result<Changed, StoreError> {
    match command {
        ProtectionCommand::RealityCheck(choice) => reality_check(state, choice),
        ProtectionCommand::AnswerAge(adult) => {
            let Some(store) = state.backend.as_mut().and_then(Backend::desk) else {
                return Ok(at_the_desk(state));
            };
            store.answer_age(adult)?;
            state.page = if adult {
                page_after_age(store)?
            } else {
                Page::Lobby(Lobby)
            };
            Ok(Changed::PROTECTION)
        }
        ProtectionCommand::SetLimits { deposit, stake } => {
            let Some(store) = state.backend.as_mut().and_then(Backend::desk) else {
                return Ok(at_the_desk(state));
            };
            let (notice, first) =
                set_limits(store, &state.texts, &state.time_zone, deposit, stake)?;
            state.notice = Some(notice);
            state.page = if first {
                Page::Lobby(Lobby)
            } else {
                Page::Limits(LimitsPage::new())
            };
            Ok(Changed::PROTECTION)
        }
        ProtectionCommand::Exclude(days) => {
            let Some(store) = state.backend.as_mut().and_then(Backend::desk) else {
                return Ok(at_the_desk(state));
            };
            let until = store.exclude(days)?;
            let text = state.texts.with(
                "exclusion-until",
                &[("date", local_moment(until, &state.time_zone))],
            );
            state.tell(text, false);
            state.page = Page::Lobby(Lobby);
            Ok(Changed::PROTECTION)
        }
    }
}

/// On a network, money, limits and breaks are the desk's: says so, back to
/// the lobby.
pub fn at_the_desk(state: &mut KioskState) -> Changed {
    state.tell(state.texts.get("notice-at-the-desk"), false);
    state.page = Page::Lobby(Lobby);
    Changed::NOTHING
}

/// The player's answer to a reality check, recorded in the kiosk's own file
/// (on a network too: the check was shown here); "Arrêter" ends the session.
fn reality_check(state: &mut KioskState, choice: RealityChoice) -> Result<Changed, StoreError> {
    let Some(backend) = state.backend.as_mut() else {
        return Ok(Changed::NOTHING);
    };
    let time = state.time;
    let played = state.session.played_seconds(time);
    let net = state.session.net;
    state.reality = None;
    backend
        .own_mut()
        .record_reality_check(played, net, choice)?;
    match choice {
        RealityChoice::Continue => state.session.go_on(time),
        RealityChoice::Stop => {
            state.session = Session::new(state.session.period_minutes());
            state.page = Page::Lobby(Lobby);
        }
    }
    Ok(Changed::NOTHING)
}

/// After a "yes": the unfinished unit if there is one, else the limits if
/// they are not set, else the lobby.
fn page_after_age(store: &mut Store) -> Result<Page, StoreError> {
    if let Some(unit) = store.unfinished_units()?.into_iter().next() {
        return Ok(Page::Resume(ResumePage::new(unit)));
    }
    Ok(if PointOfSale::protection(store)?.limits_set() {
        Page::Lobby(Lobby)
    } else {
        Page::Limits(LimitsPage::new())
    })
}

/// Sets the limits given; returns what to tell the player and whether
/// these were the first limits.
fn set_limits(
    store: &mut Store,
    texts: &Texts,
    zone: &jiff::tz::TimeZone,
    deposit: Option<Cents>,
    stake: Option<Cents>,
) -> Result<(Notice, bool), StoreError> {
    let first = !store.protection()?.limits_set();
    let mut raised_from = None;
    for (kind, amount) in [(LimitKind::Deposit, deposit), (LimitKind::Stake, stake)] {
        if let Some(amount) = amount {
            let change = store.set_limit(kind, amount)?;
            if !change.immediate {
                raised_from = Some(change.effective_at);
            }
        }
    }
    let text = raised_from.map_or_else(
        || texts.get("limits-saved"),
        |from| {
            texts.with(
                "limits-saved-pending",
                &[("date", local_moment(from, zone))],
            )
        },
    );
    Ok((
        Notice {
            text,
            is_problem: false,
        },
        first,
    ))
}
