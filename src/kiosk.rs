//! Opening the kiosk window.

use std::path::Path;

use guichet_store::Store;

use crate::app::{Guichet, Mode};
use crate::sound::Sound;

/// The window's size when not in full screen.
pub const WINDOW_SIZE: [f32; 2] = [1280.0, 800.0];

/// How the window opens.
#[derive(Clone, Copy, Debug, Default)]
pub struct WindowOptions {
    /// Fill the screen (a window otherwise).
    pub fullscreen: bool,
    /// The monitor to fill, by index (the first otherwise).
    pub monitor: Option<usize>,
    /// Kiosk mode and demo credit.
    pub mode: Mode,
    /// Minutes of a session between two reality checks.
    pub reality_check_minutes: u32,
}

/// Opens the kiosk over the database at `database` (created on first start) and
/// runs it until the window closes (in kiosk mode, until the operator closes
/// it). A database that cannot be opened is shown as a page saying why; the
/// window opens anyway.
///
/// # Errors
/// When the window itself cannot be created (no display, no graphics).
pub fn run(database: &Path, options: WindowOptions) -> eframe::Result {
    // The database opens while the window and the graphics are set up.
    let opening = std::thread::spawn({
        let database = database.to_path_buf();
        move || Store::open(&database)
    });
    let kiosk = options.mode.kiosk;
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Guichet")
        .with_app_id("guichet")
        .with_inner_size(WINDOW_SIZE)
        .with_min_inner_size([1024.0, 700.0])
        .with_fullscreen(options.fullscreen || kiosk)
        .with_decorations(!kiosk);
    if let Some(monitor) = options.monitor {
        viewport = viewport.with_monitor(monitor);
    }
    let native = eframe::NativeOptions {
        viewport,
        system_font_fallback: false,
        ..Default::default()
    };
    eframe::run_native(
        "Guichet",
        native,
        Box::new(move |creation| {
            let store = opening
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            Ok(Box::new(
                Guichet::new(&creation.egui_ctx, store)
                    .with_reality_check(options.reality_check_minutes)
                    .with_mode(options.mode)
                    .with_sound(Sound::on_first_cue()),
            ))
        }),
    )
}
