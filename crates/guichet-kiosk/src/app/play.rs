//! Playing units: buying one, "Auto", each reveal step journaled (and the
//! unit settled with its last), opening a unit of the history or the one left
//! unfinished, a trial's play money.

use guichet_core::emission::Emission;
use guichet_core::step::RevealStep;
use guichet_sale::{PointOfSale, StoreError, Unit, UnitState};

use crate::app::page::Page;
use crate::app::state::{Changed, KioskState};
use crate::command::PlayCommand;
use crate::sound::{Cue, Sound};
use crate::ui::games::{Opening, Outcome, table_for};
use crate::ui::views::{GamePage, Lobby, ResumePage};

/// Applies a command of play.
///
/// # Errors
/// What the store refused or failed at; nothing changed then.
pub fn play(
    state: &mut KioskState,
    sound: &Sound,
    command: PlayCommand,
) -> Result<Changed, StoreError> {
    let time = state.time;
    let Some(backend) = state.backend.as_mut() else {
        return Ok(Changed::NOTHING);
    };
    match command {
        // Nothing is bought while the last unit's reveal still runs on
        // screen: its result shows first.
        PlayCommand::Buy { .. } if state.page.result_pending(time) => Ok(Changed::NOTHING),
        PlayCommand::Buy { emission, auto } => {
            let point = backend.point_of_sale();
            // The session counts what comes after the last entry before its
            // first unit.
            let mark = if state.session.has_begun() {
                None
            } else {
                Some(point.ledger_mark()?)
            };
            buy(point, &mut state.page, emission, auto)?;
            if let Some(mark) = mark {
                state.session.begin(time, mark);
            }
            Ok(Changed::ALL)
        }
        PlayCommand::Auto(unit) => {
            if let Some(game) = state.page.game_mut()
                && game.unit().is_some_and(|shown| shown.id == unit)
            {
                game.start_auto();
            }
            Ok(Changed::NOTHING)
        }
        PlayCommand::Reveal { unit, step } => {
            let point = backend.point_of_sale();
            let unit = point.reveal(unit, &[step])?;
            let unit = settle_if_complete(point, unit)?;
            play_reveal(sound, &state.page, &unit, step);
            let settled = unit.state == UnitState::Settled;
            state.page.update_unit(unit);
            Ok(if settled {
                Changed::MONEY
            } else {
                Changed::NOTHING
            })
        }
        PlayCommand::ResultShown(id) => {
            if let Some(unit) = state.page.game_mut().and_then(|game| game.unit())
                && unit.id == id
                && unit.state == UnitState::Settled
            {
                play_win(sound, unit);
            }
            Ok(Changed::NOTHING)
        }
        PlayCommand::OpenUnit(id) => take_up_or_show(state, id, Opening::Replay),
        PlayCommand::ResumeUnit(id) => take_up_or_show(state, id, Opening::Shown),
        // Play money, in a trial alone: never a deposit.
        PlayCommand::TrialCredit => Ok(match backend.trial_mut() {
            Some(trial) => {
                trial.top_up();
                Changed::MONEY
            }
            None => Changed::NOTHING,
        }),
    }
}

/// Opens unit `id` on its table ([`open_unit`]) and logs it if it was
/// taken up; the money changed if it was (it may have been settled).
///
/// # Errors
/// As [`open_unit`].
pub fn take_up_or_show(
    state: &mut KioskState,
    id: i64,
    settled: Opening,
) -> Result<Changed, StoreError> {
    let Some(point) = state.point_of_sale() else {
        return Ok(Changed::NOTHING);
    };
    let (page, taken_up) = open_unit(point, id, settled)?;
    state.page = page;
    Ok(match taken_up {
        Some(unit) => {
            state.log_taken_up(&unit);
            Changed::MONEY
        }
        None => Changed::NOTHING,
    })
}

/// The table of `emission`; the unfinished unit is taken up first, on its
/// own table if it is of another emission (offered on the resume page).
///
/// # Errors
/// What the store refused or failed at.
pub fn show_game(
    state: &mut KioskState,
    emission: &'static Emission,
) -> Result<Changed, StoreError> {
    let Some(point) = state.point_of_sale() else {
        return Ok(Changed::NOTHING);
    };
    match point.unfinished_units()?.into_iter().next() {
        Some(unit) if unit.emission == emission => take_up_or_show(state, unit.id, Opening::Shown),
        Some(unit) => {
            state.page = Page::Resume(ResumePage::new(unit));
            Ok(Changed::NOTHING)
        }
        None => {
            state.page = Page::Game(GamePage::new(emission, table_for(emission.game)));
            Ok(Changed::NOTHING)
        }
    }
}

/// From the page saying the network does not answer: tries it again. Once
/// it answers, the player's unit left unfinished (bought before the answer
/// was lost, or half revealed) is taken up on its table, else the lobby
/// shows; still out of reach, the page waits twice as long.
///
/// # Errors
/// What the network refused once it answered (a session it ended, say).
pub fn try_network_again(state: &mut KioskState) -> Result<Changed, StoreError> {
    let Page::Reconnecting(page) = &state.page else {
        return Ok(Changed::NOTHING);
    };
    let still_out = page.failed_again(state.time);
    let Some(backend) = state.backend.as_mut() else {
        return Ok(Changed::NOTHING);
    };
    match backend.reach_network() {
        Ok(()) => {}
        Err(error) if guichet_network::connection_lost(&error) => {
            state.page = Page::Reconnecting(still_out);
            return Ok(Changed::NOTHING);
        }
        Err(error) => return Err(error),
    }
    state.page = Page::Lobby(Lobby);
    if state.is_free() {
        return Ok(Changed::NOTHING);
    }
    let Some(point) = state.point_of_sale() else {
        return Ok(Changed::NOTHING);
    };
    match point.unfinished_units()?.into_iter().next() {
        Some(unit) => take_up_or_show(state, unit.id, Opening::Shown),
        None => Ok(Changed::ALL),
    }
}

/// Buys a unit of `emission` and puts it on its table, to be revealed by
/// taps or by "Auto".
fn buy(
    point: &mut dyn PointOfSale,
    page: &mut Page,
    emission: &'static Emission,
    auto: bool,
) -> Result<(), StoreError> {
    let unit = point.buy(emission)?;
    let opening = Opening::Play { auto };
    match page {
        Page::Game(game) if game.emission() == emission => game.open(unit, opening),
        _ => {
            let mut game = GamePage::new(emission, table_for(emission.game));
            game.open(unit, opening);
            *page = Page::Game(game);
        }
    }
    Ok(())
}

/// Unit `id` on its table: taken up (and settled, if all its steps were
/// journaled before an interruption), or, settled, opened `settled`
/// (replayed from the history, shown whole otherwise). Returns the page, and
/// the unit if it was taken up (for the operator's log).
///
/// # Errors
/// What the store refused or failed at.
pub fn open_unit(
    point: &mut dyn PointOfSale,
    id: i64,
    settled: Opening,
) -> Result<(Page, Option<Unit>), StoreError> {
    let mut unit = point.unit(id)?;
    let mut opening = settled;
    let mut taken_up = None;
    if unit.state != UnitState::Settled {
        let taken = point.take_up(id)?;
        taken_up = Some(taken.clone());
        unit = settle_if_complete(point, taken)?;
        opening = if unit.state == UnitState::Settled {
            Opening::Shown
        } else {
            Opening::Resume
        };
    }
    let mut game = GamePage::new(unit.emission, table_for(unit.emission.game));
    game.open(unit, opening);
    Ok((Page::Game(game), taken_up))
}

/// The table replaying settled unit `unit` (the operator's recall).
pub fn replay_page(unit: Unit) -> Page {
    let mut game = GamePage::new(unit.emission, table_for(unit.emission.game));
    game.open(unit, Opening::Replay);
    Page::Game(game)
}

/// Settles `unit` once every step is journaled (the last tap, the last "Auto"
/// step, or a unit interrupted between its last step and its settlement).
fn settle_if_complete(point: &mut dyn PointOfSale, unit: Unit) -> Result<Unit, StoreError> {
    if unit.state != UnitState::Settled && unit.progress.is_complete() {
        return point.settle(unit.id).map(|settlement| settlement.unit);
    }
    Ok(unit)
}

/// The sounds of a reveal step, as its table gives them (a swish, a ball's
/// knock, a puck's ticks timed on its fall).
fn play_reveal(sound: &Sound, page: &Page, unit: &Unit, step: RevealStep) {
    if let Page::Game(game) = page {
        for (cue, after) in game.reveal_cues(unit, step) {
            sound.play_after(cue, after);
        }
    }
}

/// The win's chime, in proportion, once a settled unit's result shows: a
/// prize above the stake alone (a stake back is no win, a loss is silent).
fn play_win(sound: &Sound, unit: &Unit) {
    if let Outcome::Won(prize, _) = Outcome::of(unit.prize, unit.emission.stake) {
        let stakes = prize.get() as f64 / unit.emission.stake.get() as f64;
        sound.play(Cue::win(stakes));
    }
}
