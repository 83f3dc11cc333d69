//! The screen's own commands: the language, the notice, the bar's menu, the
//! player's sound and the network tried again.

use guichet_sale::StoreError;

use crate::app::play::try_network_again;
use crate::app::state::{Changed, KioskState};
use crate::command::ScreenCommand;
use crate::sound::Sound;

/// Applies a command of the screen itself: the language, the notice, the
/// bar's menu, the sound, the network tried again.
///
/// # Errors
/// What the network refused once it answered again.
pub fn screen(
    state: &mut KioskState,
    sound: &mut Sound,
    command: ScreenCommand,
) -> Result<Changed, StoreError> {
    match command {
        ScreenCommand::SetLanguage(language) => state.texts.set_language(language),
        ScreenCommand::DismissNotice => state.notice = None,
        ScreenCommand::ToggleMenu => state.menu_open = !state.menu_open,
        // The player's own: muted for their session, the operator's setting
        // untouched (the next player hears the kiosk as the operator set it).
        ScreenCommand::ToggleSound => {
            state.muted = !state.muted;
            state.apply_sound(sound);
        }
        ScreenCommand::TryNetworkAgain => return try_network_again(state),
    }
    Ok(Changed::NOTHING)
}
