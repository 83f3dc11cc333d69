//! Time without a touch: the kiosk hides a still pointer, starts the attract
//! loop on an idle kiosk with nothing to play, and goes back to the lobby
//! after the idle timeout. Each of these wakes the kiosk once, when it is
//! due; a still screen otherwise paints nothing.

/// Seconds a pointer stays in sight once it stops moving (kiosk mode).
pub const POINTER_SHOWN: f64 = 3.0;
/// Seconds without a touch before the attract loop starts.
pub const ATTRACT_AFTER: f64 = 60.0;

/// What the kiosk last heard from the player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Idle {
    /// The window's time of the last touch, key or pointer move.
    last_input: f64,
    /// When the attract loop started, if it plays.
    attract_since: Option<f64>,
}

impl Idle {
    /// Reads this frame's input: any touch, key or pointer move counts. Returns
    /// whether there was any.
    pub fn observe(&mut self, ui: &egui::Ui) -> bool {
        let (time, touched) = ui.input(|input| {
            let touched = input.pointer.any_down()
                || input.events.iter().any(|event| {
                    matches!(
                        event,
                        egui::Event::PointerMoved(_)
                            | egui::Event::PointerButton { .. }
                            | egui::Event::Touch { .. }
                            | egui::Event::Key { .. }
                            | egui::Event::Text(_)
                            | egui::Event::MouseWheel { .. }
                    )
                });
            (input.time, touched)
        });
        if touched {
            self.last_input = time;
        }
        touched
    }

    /// Seconds since the last input, at `time`.
    #[must_use]
    pub fn idle_for(&self, time: f64) -> f64 {
        (time - self.last_input).max(0.0)
    }

    /// When the attract loop started, if it plays.
    #[must_use]
    pub const fn attract_since(&self) -> Option<f64> {
        self.attract_since
    }

    /// Starts the attract loop at `time`.
    pub const fn start_attract(&mut self, time: f64) {
        self.attract_since = Some(time);
    }

    /// Whether a touch or a click ended this frame, or a key was pressed: what
    /// stops the attract loop (a press alone does not, so that the page under
    /// it never receives the rest of that press).
    #[must_use]
    pub fn touch_ended(ui: &egui::Ui) -> bool {
        ui.input(|input| {
            input.events.iter().any(|event| {
                matches!(
                    event,
                    egui::Event::PointerButton { pressed: false, .. }
                        | egui::Event::Key { pressed: true, .. }
                        | egui::Event::Touch {
                            phase: egui::TouchPhase::End | egui::TouchPhase::Cancel,
                            ..
                        }
                )
            })
        })
    }

    /// Stops the attract loop.
    pub const fn stop_attract(&mut self) {
        self.attract_since = None;
    }
}
