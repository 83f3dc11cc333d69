//! A player signing in and out at a kiosk of a network. Each player's
//! session is theirs: its clock, its net position and its reality checks
//! start afresh at every sign-in and sign-out, and nothing of one player's
//! money or units stays on the screen for the next.

use guichet_sale::StoreError;

use crate::app::backend::Backend;
use crate::app::page::Page;
use crate::app::state::{Changed, KioskState};
use crate::command::PlayerCommand;
use crate::ui::views::{Lobby, SignInMessage};

/// Applies a player's sign-in or sign-out.
///
/// # Errors
/// What the network failed at (a refused PIN is said on the sign-in page).
pub fn seat(state: &mut KioskState, command: PlayerCommand) -> Result<Changed, StoreError> {
    let Some(seat) = state.backend.as_mut().and_then(Backend::network_seat) else {
        return Ok(Changed::NOTHING);
    };
    match command {
        PlayerCommand::SignIn { card, pin } => match seat.sign_in(&card, &pin) {
            Ok(()) => {
                state.start_afresh();
                state.reread(Changed::ALL);
                // Their unfinished unit at this kiosk first, if they left one.
                state.first_page();
                Ok(Changed::NOTHING)
            }
            Err(StoreError::SignIn(refusal)) => {
                if let Page::SignIn(page) = &mut state.page {
                    page.tell(SignInMessage::Refused(refusal));
                }
                Ok(Changed::NOTHING)
            }
            Err(error) => Err(error),
        },
        PlayerCommand::SignOut => {
            seat.sign_out();
            state.start_afresh();
            state.page = Page::Lobby(Lobby);
            Ok(Changed::NOTHING)
        }
    }
}
