//! One scale from the available size (LOOK.md): every page and table is laid
//! out for the design size — the area under the top bar of a 1280×800 screen —
//! and scaled to the room it has, from 1024×768 to 1920×1080 and portrait
//! 1080×1920. Lengths scale both ways; type only grows (it never goes below its
//! design size: body text ≥ 20 px, amounts ≥ 28 px), and touch targets never
//! shrink below 64 px.

use egui::Vec2;

/// The design size: the area under the top bar at 1280×800.
pub const DESIGN: Vec2 = Vec2::new(1280.0, 712.0);

/// The smallest and largest scales a table is drawn at.
const SCALES: std::ops::RangeInclusive<f32> = 0.6..=2.0;

/// The scale of an area of `size`: the largest at which the design fits in it.
#[must_use]
pub fn scale(size: Vec2) -> f32 {
    fit(DESIGN, size)
}

/// The largest scale at which a `design` fits in an area of `size`, within
/// the scales a table is drawn at.
#[must_use]
pub fn fit(design: Vec2, size: Vec2) -> f32 {
    (size.x / design.x)
        .min(size.y / design.y)
        .clamp(*SCALES.start(), *SCALES.end())
}

/// Whether an area of `size` is taller than wide: a portrait kiosk.
#[must_use]
pub fn is_portrait(size: Vec2) -> bool {
    size.y > size.x
}
