//! The monkey's moves, for every kiosk the monkey tests drive (its own file's,
//! a network's): seeded random taps (most on a control, some anywhere), drags,
//! double taps, key presses, and random waits.

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT as _;
use guichet_kiosk::app::Guichet;

/// A small, seeded random source (xorshift64*).
pub struct Dice(pub u64);

impl Dice {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `bound`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }

    /// A number in [0, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1_u64 << 24) as f32
    }
}

/// The centers of the controls on screen.
fn controls(harness: &Harness<'_, Guichet>) -> Vec<Pos2> {
    harness
        .root()
        .children_recursive()
        .filter(|node| node.accesskit_node().role() == egui::accesskit::Role::Button)
        .map(|node| node.rect().center())
        .collect()
}

const KEYS: [Key; 11] = [
    Key::Escape,
    Key::Enter,
    Key::Space,
    Key::Tab,
    Key::ArrowLeft,
    Key::ArrowRight,
    Key::Backspace,
    Key::F11,
    Key::F12,
    Key::A,
    Key::Num1,
];

fn press(harness: &Harness<'_, Guichet>, at: Pos2, pressed: bool) {
    harness.event(Event::PointerButton {
        pos: at,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

/// One random event, then a random wait.
pub fn act(harness: &mut Harness<'_, Guichet>, dice: &mut Dice) {
    let size = harness.ctx.content_rect().size();
    let anywhere = |dice: &mut Dice| Pos2::new(dice.unit() * size.x, dice.unit() * size.y);
    let target = |dice: &mut Dice, harness: &Harness<'_, Guichet>| {
        let on_screen = controls(harness);
        if on_screen.is_empty() || dice.below(10) < 3 {
            anywhere(dice)
        } else {
            on_screen[dice.below(on_screen.len() as u64) as usize]
        }
    };
    match dice.below(100) {
        0..50 => {
            let at = target(dice, harness);
            harness.event(Event::PointerMoved(at));
            press(harness, at, true);
            press(harness, at, false);
        }
        50..65 => {
            let from = target(dice, harness);
            let to = anywhere(dice);
            harness.event(Event::PointerMoved(from));
            press(harness, from, true);
            for step in 1..=4 {
                harness.event(Event::PointerMoved(
                    from + (to - from) * (step as f32 / 4.0),
                ));
            }
            press(harness, to, false);
        }
        65..75 => {
            let at = target(dice, harness);
            harness.event(Event::PointerMoved(at));
            for _ in 0..2 {
                press(harness, at, true);
                press(harness, at, false);
            }
        }
        75..90 => {
            let key = KEYS[dice.below(KEYS.len() as u64) as usize];
            harness.key_press(key);
        }
        _ => {}
    }
    harness.step();
    // A random wait, up to two seconds, in one jump of the clock.
    let wait = f64::from(dice.unit()) * 2.0;
    let now = harness.ctx.input(|input| input.time);
    harness.input_mut().time = Some(now + wait);
    harness.step();
    harness.input_mut().time = None;
}
