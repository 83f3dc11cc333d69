//! The operator menu as the kiosk applies it: the PIN, then each tab read
//! from the store, cash in and out, meter resets, the verification, the
//! recall of a unit, the settings and the way out of kiosk mode. Every
//! operator action is logged by the store.

use guichet_core::money::Cents;
use guichet_sale::{PointOfSale as _, StoreError};
use guichet_sqlite::keys::KeyStore;
use guichet_sqlite::{Closing, EventKind, PinCheck, Store};

use crate::app::backend::Backend;
use crate::app::desk::{Access, Desk};
use crate::app::export;
use crate::app::page::Page;
use crate::app::play::{replay_page, take_up_or_show};
use crate::app::state::{Changed, KioskState};
use crate::command::{OperatorCommand, OperatorTab, Setting};
use crate::sound::Sound;
use crate::ui::games::Opening;
use crate::ui::views::{ChartFacts, OperatorPage, PinMessage, RtpCurve, TabContent, TierFacts};

/// Units the recall lists.
pub const RECALL_LENGTH: u32 = 10;
/// Events the log shows.
const EVENTS_SHOWN: u32 = 200;
/// Closings the closings tab lists.
const CLOSINGS_SHOWN: usize = 31;
/// Cash movements the credits tab lists.
const MOVEMENTS_SHOWN: usize = 8;
/// Points a return-to-player curve keeps at most.
const CURVE_POINTS: usize = 400;

/// Applies a command of the operator menu (its PIN checked first where it
/// needs one: `OperatorCommand::requires`).
///
/// # Errors
/// What the store refused or failed at; nothing changed then.
pub fn operate(
    state: &mut KioskState,
    sound: &mut Sound,
    command: OperatorCommand,
) -> Result<Changed, StoreError> {
    let Some(backend) = state.backend.as_mut() else {
        return Ok(Changed::NOTHING);
    };
    let on_network = !backend.desk_is_here();
    let store = backend.own_mut();
    match command {
        OperatorCommand::SubmitPin(pin) => enter_pin(state, &pin),
        OperatorCommand::Leave => {
            // Back to what a player sees first: the age question, an
            // unfinished unit, or the lobby.
            state.desk.access = Access::Closed;
            state.first_page();
            Ok(Changed::NOTHING)
        }
        OperatorCommand::Tab(tab) => show_tab(state, tab, None).map(|()| Changed::NOTHING),
        // On a network, the player's money moves at the operator's desk.
        OperatorCommand::CashIn { .. } | OperatorCommand::CashOut { .. } if on_network => {
            state.tell(state.texts.get("notice-at-the-desk"), false);
            Ok(Changed::NOTHING)
        }
        OperatorCommand::CashIn {
            card,
            amount,
            reason,
        } => {
            store.cash_in(&card, amount, &reason)?;
            say(state, "operator-cashed-in", amount);
            show_tab(state, OperatorTab::Credits, None)?;
            Ok(Changed::ALL)
        }
        OperatorCommand::CashOut {
            card,
            amount,
            reason,
        } => {
            store.cash_out(&card, amount, &reason)?;
            // A player paid out at the desk has left the kiosk: their session
            // ends.
            if store.card() == Some(card.as_str()) {
                if let Err(error) = store.sign_out() {
                    eprintln!("guichet: card {card}'s sign-out was not journaled: {error}");
                }
                state.start_afresh();
            }
            say(state, "operator-paid-out", amount);
            show_tab(state, OperatorTab::Credits, None)?;
            Ok(Changed::ALL)
        }
        OperatorCommand::ResetMeters(reason) => {
            store.reset_meters(&reason)?;
            show_tab(state, OperatorTab::Meters, None).map(|()| Changed::NOTHING)
        }
        OperatorCommand::Verify => {
            let findings = store.verify()?;
            let detail = if findings.is_empty() {
                "verified: no finding".to_owned()
            } else {
                format!("verified: {} finding(s)", findings.len())
            };
            store.log_event(EventKind::Verify, &detail)?;
            show_tab(state, OperatorTab::Blocks, Some(findings)).map(|()| Changed::NOTHING)
        }
        OperatorCommand::MakeClosing => {
            let closing = store.close_now()?;
            let text = state.texts.with(
                "operator-closing-made",
                &[("counter", closing.counter.to_string())],
            );
            state.tell(text, false);
            show_tab(state, OperatorTab::Closings, None).map(|()| Changed::NOTHING)
        }
        OperatorCommand::ExportClosing => {
            export_latest_closing(state)?;
            show_tab(state, OperatorTab::Closings, None).map(|()| Changed::NOTHING)
        }
        // The kiosk's file holds every player's units: any is replayed.
        OperatorCommand::Recall(id) if !on_network => {
            state.page = replay_page(store.any_unit(id)?);
            if let Some(game) = state.page.game_mut() {
                game.mark_recall();
            }
            Ok(Changed::NOTHING)
        }
        OperatorCommand::Recall(id) => {
            let changed = take_up_or_show(state, id, Opening::Replay)?;
            if let Some(game) = state.page.game_mut() {
                game.mark_recall();
            }
            Ok(changed)
        }
        OperatorCommand::ExportRecall(id) => Ok(export_recall(state, id)),
        OperatorCommand::ChangeSetting(setting) => {
            change_setting(state, sound, setting)?;
            show_tab(state, OperatorTab::Settings, None).map(|()| Changed::NOTHING)
        }
        OperatorCommand::ExitKiosk => {
            // Only a standalone kiosk is closed from its menu.
            if state.desk.mode.kiosk {
                store.log_event(EventKind::Exit, "the operator closed the kiosk")?;
                state.desk.exiting = true;
            }
            Ok(Changed::NOTHING)
        }
    }
}

/// Applies a change of setting: to the store, then to the kiosk.
///
/// # Errors
/// What the store refused or failed at; nothing changed then.
pub fn change_setting(
    state: &mut KioskState,
    sound: &mut Sound,
    setting: Setting,
) -> Result<(), StoreError> {
    let Some(backend) = state.backend.as_mut() else {
        return Ok(());
    };
    state.desk.settings.change(backend.own_mut(), setting)?;
    if let Setting::Language(language) = setting {
        state.texts.set_language(language);
    }
    state.apply_sound(sound);
    Ok(())
}

/// Writes the latest closing to the export folder, and says where (or that
/// there is no folder to write to).
fn export_latest_closing(state: &mut KioskState) -> Result<(), StoreError> {
    let Some(backend) = state.backend.as_ref() else {
        return Ok(());
    };
    let Some(closing) = backend.own().closings()?.pop() else {
        return Ok(());
    };
    let text = match export::folder(state.desk.export_folder.as_deref()) {
        None => state.texts.get("operator-closing-no-folder"),
        Some(folder) => match export::write_closing(&folder, &closing) {
            Ok(file) => state.texts.with(
                "operator-closing-exported",
                &[
                    ("counter", closing.counter.to_string()),
                    ("file", file.display().to_string()),
                ],
            ),
            Err(error) => {
                let text = state.texts.with(
                    "operator-closing-export-failed",
                    &[("reason", error.to_string())],
                );
                state.tell(text, true);
                return Ok(());
            }
        },
    };
    state.tell(text, false);
    Ok(())
}

/// Starts recording the reveal of unit `id`, the recalled one on screen (as
/// the recall read it), into the export folder, if there is one (the
/// recording runs beside the window: [`KioskState::follow_recording`] tells
/// when it is written). It changes nothing the store holds.
fn export_recall(state: &mut KioskState, id: i64) -> Changed {
    // One at a time: its notice says one is under way.
    if state.desk.recording.is_some() {
        return Changed::NOTHING;
    }
    let Some(unit) = state
        .page
        .game_mut()
        .filter(|game| game.is_recall())
        .and_then(|game| game.unit().cloned())
        .filter(|unit| unit.id == id)
    else {
        return Changed::NOTHING;
    };
    let Some(folder) = export::folder(state.desk.export_folder.as_deref()) else {
        let text = state.texts.get("operator-closing-no-folder");
        state.tell(text, true);
        return Changed::NOTHING;
    };
    let text = state.texts.with(
        "operator-recall-recording",
        &[("unit", unit.id.to_string())],
    );
    state.tell(text, false);
    state.desk.recording = Some(export::record_replay(folder, unit, state.time_zone.clone()));
    Changed::NOTHING
}

/// A short notice naming `amount`.
fn say(state: &mut KioskState, key: &str, amount: Cents) {
    let text = state.texts.with(key, &[("amount", amount.to_string())]);
    state.tell(text, false);
}

/// The PIN typed: the menu's credits tab once it opens it.
fn enter_pin(state: &mut KioskState, pin: &str) -> Result<Changed, StoreError> {
    let KioskState {
        backend: Some(backend),
        page,
        desk,
        ..
    } = state
    else {
        return Ok(Changed::NOTHING);
    };
    if submit_pin(desk, backend, page, pin)? {
        show_tab(state, OperatorTab::Credits, None)?;
    }
    Ok(Changed::NOTHING)
}

/// The PIN typed: chosen the first time, checked afterwards; five wrong
/// ones lock the menu (the store counts and records them). Returns whether
/// the menu opened; a wrong PIN is said on the PIN page.
fn submit_pin(
    desk: &mut Desk,
    backend: &mut Backend,
    page: &mut Page,
    pin: &str,
) -> Result<bool, StoreError> {
    let store = backend.own_mut();
    let message = match store.check_operator_pin(pin)? {
        PinCheck::NotSet => {
            store.set_operator_pin(pin)?;
            desk.access = Access::Open;
            return Ok(true);
        }
        PinCheck::Right => {
            desk.access = Access::Open;
            return Ok(true);
        }
        PinCheck::Wrong { tries_left } => PinMessage::Wrong(tries_left),
        PinCheck::Locked { until } => PinMessage::Locked(until),
    };
    if let Page::Pin(pin_page) = page {
        pin_page.tell(message);
    }
    Ok(false)
}

/// Reads `tab`'s content from the store and shows it.
fn show_tab(
    state: &mut KioskState,
    tab: OperatorTab,
    verified: Option<Vec<String>>,
) -> Result<(), StoreError> {
    let KioskState {
        backend: Some(backend),
        page,
        desk,
        ..
    } = state
    else {
        return Ok(());
    };
    let content = tab_content(desk, backend, tab, verified)?;
    match page {
        Page::Operator(operator) => operator.show(content),
        _ => {
            *page = Page::Operator(OperatorPage::new(
                content,
                desk.software.clone(),
                desk.store_warnings.clone(),
            ));
        }
    }
    Ok(())
}

/// What `tab` shows, read from the engines and the desk.
fn tab_content(
    desk: &Desk,
    backend: &mut Backend,
    tab: OperatorTab,
    verified: Option<Vec<String>>,
) -> Result<TabContent, StoreError> {
    let on_network = !backend.desk_is_here();
    let recalled = match tab {
        OperatorTab::Recall => Some(backend.recall(RECALL_LENGTH)?),
        _ => None,
    };
    let store = backend.own_mut();
    Ok(match tab {
        OperatorTab::Credits | OperatorTab::Meters | OperatorTab::Blocks | OperatorTab::Charts
            if on_network =>
        {
            TabContent::OnTheNetwork(tab)
        }
        OperatorTab::Credits => TabContent::Credits {
            movements: store
                .events(EVENTS_SHOWN)?
                .into_iter()
                .filter(|event| matches!(event.kind, EventKind::CashIn | EventKind::CashOut))
                .take(MOVEMENTS_SHOWN)
                .collect(),
            players: store.players()?,
        },
        OperatorTab::Meters => {
            let last_reset = store.meter_resets()?.pop();
            TabContent::Meters {
                installed: store.meters(0)?,
                since_reset: store
                    .meters(last_reset.as_ref().map_or(0, |reset| reset.last_ledger_id))?,
                last_reset,
            }
        }
        OperatorTab::Blocks => TabContent::Blocks {
            selling: guichet_core::games::emissions()
                .map(|emission| Ok((emission, store.block_status(emission)?)))
                .collect::<Result<_, StoreError>>()?,
            past: store
                .blocks()?
                .into_iter()
                .rev()
                .filter(|record| record.closed_at.is_some())
                .collect(),
            verified,
            trial_keys: matches!(store.key_store(), KeyStore::Folder(_)),
        },
        OperatorTab::Charts => TabContent::Charts(chart_facts(store)?),
        OperatorTab::Recall => TabContent::Recall(recalled.unwrap_or_default()),
        OperatorTab::Events => TabContent::Events(store.events(EVENTS_SHOWN)?),
        OperatorTab::Closings if on_network => TabContent::OnTheNetwork(tab),
        OperatorTab::Closings => TabContent::Closings {
            closings: store
                .closings()?
                .iter()
                .rev()
                .take(CLOSINGS_SHOWN)
                .map(Closing::summary)
                .collect(),
            export_folder: export::folder(desk.export_folder.as_deref()).map(|folder| {
                // A stick is known by its name (`/media/<user>/<name>`).
                folder.file_name().map_or_else(
                    || folder.display().to_string(),
                    |name| name.to_string_lossy().into_owned(),
                )
            }),
        },
        OperatorTab::Settings => TabContent::Settings {
            settings: desk.settings,
            kiosk_mode: desk.mode.kiosk,
        },
    })
}

/// The charts' data: per emission, the return to player after each unit
/// settled, and the units that won each tier against what the table gives.
fn chart_facts(store: &Store) -> Result<ChartFacts, StoreError> {
    let prizes = store.settled_prizes()?;
    let mut facts = ChartFacts::default();
    for emission in guichet_core::games::emissions() {
        let won: Vec<Cents> = prizes
            .iter()
            .filter(|(of, _)| std::ptr::eq(*of, emission))
            .map(|(_, prize)| *prize)
            .collect();
        let every = won.len().div_ceil(CURVE_POINTS).max(1);
        let mut paid = 0_i64;
        let mut points = Vec::new();
        for (index, prize) in won.iter().enumerate() {
            paid += prize.get();
            let units = index + 1;
            if units % every == 0 || units == won.len() {
                let staked = emission.stake.get() as f64 * units as f64;
                points.push([units as f64, paid as f64 / staked]);
            }
        }
        facts.curves.push(RtpCurve {
            emission,
            points,
            table_rate: emission.return_to_player_basis_points() as f64 / 10_000.0,
        });
        let size = f64::from(emission.block_size);
        facts.tiers.push(TierFacts {
            emission,
            tiers: emission
                .tiers
                .iter()
                .filter(|tier| tier.prize.is_positive())
                .map(|tier| {
                    let count = won.iter().filter(|prize| **prize == tier.prize).count() as u64;
                    (
                        tier.prize,
                        count,
                        won.len() as f64 * f64::from(tier.lots) / size,
                    )
                })
                .collect(),
        });
    }
    Ok(facts)
}
