//! A player signing in and out at the kiosk, a new player signing up
//! at a kiosk of its own file, and a passer-by trying a game for free.
//! A trial's play money is nobody's: signing in ends it. Each player's session is theirs: its clock,
//! its net position, its reality checks and the sound muted start afresh at
//! every sign-in and sign-out, and nothing of one player's money or units
//! stays on the screen for the next.

use guichet_sale::StoreError;

use crate::app::page::Page;
use crate::app::play::show_game;
use crate::app::state::{Changed, KioskState};
use crate::command::PlayerCommand;
use crate::ui::view::Seat;
use crate::ui::views::{Lobby, NewPlayerPage, SignInMessage};

/// Applies a player's sign-in, sign-up or sign-out.
///
/// # Errors
/// What the engine failed at (a refused PIN is said on the sign-in page).
pub fn seat(state: &mut KioskState, command: PlayerCommand) -> Result<Changed, StoreError> {
    let Some(backend) = state.backend.as_mut() else {
        return Ok(Changed::NOTHING);
    };
    match command {
        PlayerCommand::SignIn { card, pin } => match backend.sign_in(&card, &pin) {
            Ok(()) => {
                signed_in(state);
                Ok(Changed::NOTHING)
            }
            Err(StoreError::SignIn(refusal)) => {
                state.start_afresh();
                if let Page::SignIn(page) = &mut state.page {
                    page.tell(SignInMessage::Refused(refusal));
                }
                Ok(Changed::NOTHING)
            }
            Err(error) => {
                state.start_afresh();
                Err(error)
            }
        },
        PlayerCommand::SignUp { pin } => {
            // A trial running ends: the new player plays their own money.
            backend.sign_out();
            // Players sign up at a network's desk, not at its kiosks.
            let Some(store) = backend.desk() else {
                state.tell(state.texts.get("notice-at-the-desk"), false);
                return Ok(Changed::NOTHING);
            };
            let card = store.new_card()?;
            store.add_player(&card, &pin, true)?;
            store.sign_in(&card, &pin)?;
            state.start_afresh();
            state.reread(Changed::ALL);
            state.page = Page::NewPlayer(NewPlayerPage::welcome(card));
            Ok(Changed::NOTHING)
        }
        PlayerCommand::SignOut => {
            backend.sign_out();
            state.start_afresh();
            state.reread(Changed::ALL);
            state.page = Page::Lobby(Lobby);
            Ok(Changed::NOTHING)
        }
        // Signed out alone: a player signed in plays their own money.
        PlayerCommand::Try(emission) => {
            if backend.seat() != Seat::Free {
                return Ok(Changed::NOTHING);
            }
            backend.start_trial(false);
            state.start_afresh();
            state.reread(Changed::ALL);
            show_game(state, emission)
        }
    }
}

/// A player just signed in: their session starts afresh, and what they see
/// first is their unfinished unit at this kiosk, if they left one.
fn signed_in(state: &mut KioskState) {
    state.start_afresh();
    state.reread(Changed::ALL);
    state.first_page();
}
