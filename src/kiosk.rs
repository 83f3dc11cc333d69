//! Opening the kiosk window.

use std::path::Path;

use guichet_store::Store;

use crate::app::Guichet;

/// The window's size when not in full screen.
pub const WINDOW_SIZE: [f32; 2] = [1280.0, 800.0];

/// Opens the kiosk over the database at `database` (created on first start) and
/// runs it until the window closes, with a reality check every
/// `reality_check_minutes` of a session. A database that cannot be opened is
/// shown as a page saying why; the window opens anyway.
///
/// # Errors
/// When the window itself cannot be created (no display, no graphics).
pub fn run(database: &Path, fullscreen: bool, reality_check_minutes: u32) -> eframe::Result {
    let store = Store::open(database);
    let viewport = egui::ViewportBuilder::default()
        .with_title("Guichet")
        .with_app_id("guichet")
        .with_inner_size(WINDOW_SIZE)
        .with_min_inner_size([1024.0, 700.0])
        .with_fullscreen(fullscreen);
    let options = eframe::NativeOptions {
        viewport,
        system_font_fallback: false,
        ..Default::default()
    };
    eframe::run_native(
        "Guichet",
        options,
        Box::new(move |creation| {
            Ok(Box::new(
                Guichet::new(&creation.egui_ctx, store).with_reality_check(reality_check_minutes),
            ))
        }),
    )
}
