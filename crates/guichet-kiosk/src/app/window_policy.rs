//! The window's policy, apart from what it shows: a standalone kiosk keeps
//! its window; the operator's way in (a key, a long press); idle time — the
//! pointer hidden, the attract loop, back to the lobby. Each wakes the window
//! once, when due (`request_repaint_after`): a still screen costs nothing.

use std::time::Duration;

use crate::app::desk::Access;
use crate::app::idle::{ATTRACT_AFTER, Idle, POINTER_SHOWN};
use crate::app::state::KioskState;
use crate::ui::view::Seat;

/// Seconds a press on the lobby's title lasts to ask for the operator's PIN.
pub const OPERATOR_PRESS: f64 = 3.0;
/// The key that asks for the operator's PIN, for an operator with a keyboard.
pub const OPERATOR_KEY: egui::Key = egui::Key::F12;
/// The corner where the long press asks for the operator's PIN: the lobby's
/// title, top left, which does nothing else.
const OPERATOR_CORNER: egui::Vec2 = egui::Vec2::new(160.0, 88.0);

/// The window's policy between frames.
#[derive(Debug, Default)]
pub struct WindowPolicy {
    /// Time without a touch; the attract loop.
    pub idle: Idle,
    /// Whether the lounge is painted under the pages, rather than left to the
    /// window's clear colour (for renderers that clear to transparent).
    pub paint_lounge: bool,
}

/// Seconds before the idle timeout a player signed in is asked "Êtes-vous
/// toujours là ?".
pub const STILL_THERE: f64 = 30.0;

/// What idle time asks for at this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdleVerdict {
    /// Nothing.
    Nothing,
    /// A player signed in left the screen alone: "Êtes-vous toujours là ?",
    /// with so many seconds left.
    StillThere(u32),
    /// The page was left alone past the timeout: back to the lobby, in the
    /// kiosk's language (a player signed in is signed out).
    TimedOut,
}

impl WindowPolicy {
    /// Kiosk mode: a close request (Alt+F4, the window manager's button) is
    /// refused unless the operator closed the kiosk; Escape does nothing.
    pub fn keep_the_window(ui: &egui::Ui, state: &KioskState) {
        let context = ui.ctx();
        if state.desk.exiting {
            context.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        if !state.desk.mode.kiosk {
            return;
        }
        if context.input(|input| input.viewport().close_requested()) {
            context.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        context.input_mut(|input| {
            input.consume_key(egui::Modifiers::NONE, egui::Key::Escape);
            input.consume_key(egui::Modifiers::ALT, egui::Key::F4);
        });
    }

    /// The operator's way in: F12, or a long press on the lobby's title.
    pub fn operator_asked(ui: &egui::Ui, state: &KioskState) -> bool {
        if state.backend.is_none() {
            return false;
        }
        if ui.input_mut(|input| input.consume_key(egui::Modifiers::NONE, OPERATOR_KEY)) {
            return true;
        }
        if !state.page.is_lobby() {
            return false;
        }
        let corner = egui::Rect::from_min_size(ui.ctx().content_rect().min, OPERATOR_CORNER);
        let held = ui.input(|input| {
            let origin = input.pointer.press_origin()?;
            let since = input.pointer.press_start_time()?;
            (input.pointer.primary_down() && corner.contains(origin)).then_some(input.time - since)
        });
        match held {
            Some(held) if held >= OPERATOR_PRESS => true,
            Some(held) => {
                ui.ctx()
                    .request_repaint_after(Duration::from_secs_f64(OPERATOR_PRESS - held));
                false
            }
            None => false,
        }
    }

    /// Idle time: the pointer hides (kiosk mode), the attract loop starts on a
    /// kiosk with nothing to play, and a page left alone goes back to the
    /// lobby (an unfinished unit stays resumable there). Each is woken for
    /// once, when due.
    pub fn follow_idle_time(&mut self, ui: &egui::Ui, state: &KioskState) -> IdleVerdict {
        let idle = self.idle.idle_for(state.time);
        let mut next_wake = f64::INFINITY;
        let mut verdict = IdleVerdict::Nothing;
        if state.desk.mode.kiosk {
            if idle >= POINTER_SHOWN {
                ui.ctx().set_cursor_icon(egui::CursorIcon::None);
            } else {
                next_wake = next_wake.min(POINTER_SHOWN - idle);
            }
        }
        let timeout = f64::from(state.desk.settings.idle_seconds);
        // A player signed in is signed out when left alone, on any page —
        // a reality check shown too: it never waits for the next player —
        // once asked whether they are still there; a trial ends so too.
        let signed_in = matches!(
            state.seat(),
            Seat::Taken { .. }
                | Seat::Trial {
                    demonstration: false
                }
        );
        if signed_in {
            let ask = timeout - STILL_THERE;
            if idle >= timeout {
                verdict = IdleVerdict::TimedOut;
            } else if idle >= ask {
                // Its countdown moves once a second.
                let left = timeout - idle;
                // Whole seconds of at most 30.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let shown = left.ceil() as u32;
                verdict = IdleVerdict::StillThere(shown);
                next_wake = next_wake.min(left - left.ceil() + 1.0).min(left);
            } else {
                next_wake = next_wake.min(ask - idle);
            }
        } else if state.page.times_out() && state.reality.is_none() {
            if idle >= timeout {
                verdict = IdleVerdict::TimedOut;
            } else {
                next_wake = next_wake.min(timeout - idle);
            }
        }
        let attract_possible = Self::may_attract(state);
        if attract_possible && self.idle.attract_since().is_none() {
            if idle >= ATTRACT_AFTER {
                self.idle.start_attract(state.time);
                ui.ctx().request_repaint();
            } else {
                next_wake = next_wake.min(ATTRACT_AFTER - idle);
            }
        }
        if next_wake.is_finite() {
            ui.ctx()
                .request_repaint_after(Duration::from_secs_f64(next_wake));
        }
        verdict
    }

    /// Whether the attract loop may play: on the lobby of a kiosk nobody is
    /// served at (no player signed in, no trial), nothing waiting or told.
    /// Never over a signed-in player, whose idle sign-out it would hold up.
    pub fn may_attract(state: &KioskState) -> bool {
        state.desk.settings.attract
            && state.is_free()
            && state.page.is_lobby()
            && state.waiting.is_none()
            && state.notice.is_none()
            && state.reality.is_none()
    }

    /// Whether the top bar shows: not on a kiosk's first start, whose PIN's
    /// keypad shows alone, nor once the engines cannot be used.
    pub fn shows_bar(state: &KioskState) -> bool {
        state.backend.is_some() && state.desk.access != Access::AwaitingFirstPin
    }
}
