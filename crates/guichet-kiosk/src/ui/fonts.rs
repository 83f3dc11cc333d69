//! The bundled fonts: Lato Regular and Bold (SIL Open Font License, see
//! `assets/fonts/OFL.txt`). Full French coverage — accents, `€`, the narrow
//! no-break space of thousands — and tabular figures by default, so amounts
//! line up. No system font is ever used, so text renders the same everywhere.

use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily, FontTweak};

const REGULAR: &[u8] = include_bytes!("../../assets/fonts/Lato-Regular.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/Lato-Bold.ttf");

/// Both faces, and nothing else: the proportional and monospace families are
/// Lato Regular, the `bold` family Lato Bold.
#[must_use]
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::empty();
    fonts.font_data.insert(
        "lato".into(),
        Arc::new(FontData::from_static(REGULAR).tweak(unhinted())),
    );
    fonts.font_data.insert(
        "lato-bold".into(),
        Arc::new(FontData::from_static(BOLD).tweak(unhinted())),
    );
    fonts
        .families
        .insert(FontFamily::Proportional, vec!["lato".into()]);
    fonts
        .families
        .insert(FontFamily::Monospace, vec!["lato".into()]);
    fonts.families.insert(bold(), vec!["lato-bold".into()]);
    fonts
}

/// The bold face: the family named `bold`.
#[must_use]
pub fn bold() -> FontFamily {
    FontFamily::Name("bold".into())
}

/// Outlines drawn as designed, not hinted: Lato's TrueType hinting programs
/// ran for each size of each glyph and cost 10 ms of the kiosk's first frame
/// (measured, release build); at the kiosk's sizes (16 px and up) hinting
/// changes little to the eye.
fn unhinted() -> FontTweak {
    FontTweak {
        hinting: Some(false),
        ..FontTweak::default()
    }
}
