//! The start-up anchor of `scripts/start-time.sh`: a bare eframe window with
//! the same eframe features as Guichet, showing some text — what any eframe
//! program costs from `exec` to its first drawn frame on this machine.

fn main() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("bare")
            .with_inner_size([1280.0, 800.0]),
        ..Default::default()
    };
    eframe::run_ui_native("bare", options, |ui, _frame| {
        ui.heading("Hello");
        ui.label("A bare eframe window, for comparison.");
    })
}
