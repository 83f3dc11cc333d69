//! What does not move on the Star Fortune board — the stars of the sky, the
//! board, its walls, its pegs as small lights, the prize row's dividers — as
//! one mesh, built once for a place and a size and then handed to the painter
//! as it is every frame: 134 lit pegs cost one shape.

use std::f32::consts::TAU;
use std::sync::Arc;

use egui::epaint::{Mesh, Shape};
use egui::{Color32, Pos2, Rect, Vec2};
use guichet_core::games::star_fortune::plinko::Board;

use super::frame::Frame;
use super::look;
use crate::ui::theme::palette;

/// Stars in the sky around and behind the board.
const STARS: u32 = 60;
/// How much wider than a puck a slot is on each side, in the board's px: no
/// puck comes near its edges (they are drawn, not walls of the physics).
const SLOT_ROOM: f64 = 26.0;
/// Where the slots' edges begin and end, in the board's px.
const SLOT_TOP: f64 = 110.0;
/// Where the slots' edges end.
const SLOT_BOTTOM: f64 = 170.0;

/// The still layer, kept for the place, size and board it was built for.
#[derive(Debug, Default)]
pub struct StillLayer {
    built: Option<(Rect, [u32; 4], Arc<Mesh>)>,
}

impl StillLayer {
    /// The layer for a board drawn through `frame`, with stars over `sky`.
    pub fn shape(&mut self, board: &Board, sky: Rect, frame: Frame) -> Shape {
        let key = [
            frame.origin.x.to_bits(),
            frame.origin.y.to_bits(),
            frame.k.to_bits(),
            u32::from(u8::from(board.physics)),
        ];
        if let Some((built_sky, built_key, mesh)) = &self.built
            && *built_sky == sky
            && *built_key == key
        {
            return Shape::Mesh(Arc::clone(mesh));
        }
        let mesh = Arc::new(build(board, sky, frame));
        self.built = Some((sky, key, Arc::clone(&mesh)));
        Shape::Mesh(mesh)
    }
}

fn build(board: &Board, sky: Rect, frame: Frame) -> Mesh {
    let mut mesh = Mesh::default();
    for star in 0..STARS {
        let (a, b, c) = (draw(star, 1), draw(star, 2), draw(star, 3));
        let at = Pos2::new(sky.left() + a * sky.width(), sky.top() + b * sky.height());
        disc(
            &mut mesh,
            at,
            0.8 + 1.4 * c,
            palette::STARLIGHT.gamma_multiply(0.35 + 0.5 * c),
        );
    }
    let top_left = frame.at(board.walls[0], 0.0);
    let bottom_right = frame.at(board.walls[1], board.places[0].y);
    mesh.add_colored_rect(
        Rect::from_min_max(top_left, bottom_right),
        look::BOARD_NIGHT,
    );
    let wall = frame.len(board.geometry().wall_half_width) * 2.0;
    for x in board.walls {
        line(
            &mut mesh,
            frame.at(x, 0.0),
            frame.at(x, board.places[0].y),
            wall,
            look::BOARD_RIM,
        );
    }
    for segment in board.segments() {
        let (from, to) = (
            frame.at(segment.from[0], segment.from[1]),
            frame.at(segment.to[0], segment.to[1]),
        );
        line(&mut mesh, from, to, wall, look::BOARD_RIM);
    }
    // The three slots at the top, each a lit opening above its puck.
    let slot_half_width = board.puck_radius + SLOT_ROOM;
    for start in board.starts {
        let opening = Rect::from_min_max(
            frame.at(start[0] - slot_half_width, SLOT_TOP),
            frame.at(start[0] + slot_half_width, SLOT_BOTTOM),
        );
        mesh.add_colored_rect(opening, look::PEG_HALO);
        for side in [-1.0, 1.0] {
            let x = start[0] + side * slot_half_width;
            line(
                &mut mesh,
                frame.at(x, SLOT_TOP),
                frame.at(x, SLOT_BOTTOM),
                wall,
                look::BOARD_RIM,
            );
        }
    }
    let peg = frame.len(board.peg_radius);
    for center in &board.pegs {
        let at = frame.at(center[0], center[1]);
        disc(&mut mesh, at, peg * 2.2, look::PEG_HALO);
        disc(&mut mesh, at, peg, palette::STARLIGHT);
    }
    mesh
}

/// A number in `[0, 1)` for star `star`, coordinate `axis`: the sky is the
/// same at every start.
fn draw(star: u32, axis: u32) -> f32 {
    let mut state = star.wrapping_mul(0x9E37_79B9) ^ axis.wrapping_mul(0x85EB_CA6B);
    state ^= state >> 15;
    state = state.wrapping_mul(0x2C1B_3C6D);
    state ^= state >> 12;
    (state % 10_000) as f32 / 10_000.0
}

/// A disc with a soft edge of one pixel.
fn disc(mesh: &mut Mesh, center: Pos2, radius: f32, color: Color32) {
    let segments = ((radius * 2.0).ceil() as u32).clamp(8, 32);
    let first = mesh.vertices.len() as u32;
    mesh.colored_vertex(center, color);
    for segment in 0..segments {
        let angle = TAU * segment as f32 / segments as f32;
        let direction = Vec2::angled(angle);
        mesh.colored_vertex(center + direction * (radius - 0.5).max(0.0), color);
        mesh.colored_vertex(center + direction * (radius + 0.5), Color32::TRANSPARENT);
    }
    for segment in 0..segments {
        let (inner, outer) = (first + 1 + 2 * segment, first + 2 + 2 * segment);
        let (next_inner, next_outer) = (
            first + 1 + 2 * ((segment + 1) % segments),
            first + 2 + 2 * ((segment + 1) % segments),
        );
        mesh.add_triangle(first, inner, next_inner);
        mesh.add_triangle(inner, outer, next_outer);
        mesh.add_triangle(inner, next_outer, next_inner);
    }
}

/// A straight line of `width`, from `from` to `to`.
fn line(mesh: &mut Mesh, from: Pos2, to: Pos2, width: f32, color: Color32) {
    let along = (to - from).normalized();
    let across = along.rot90() * (width / 2.0);
    let first = mesh.vertices.len() as u32;
    for corner in [from - across, from + across, to + across, to - across] {
        mesh.colored_vertex(corner, color);
    }
    mesh.add_triangle(first, first + 1, first + 2);
    mesh.add_triangle(first, first + 2, first + 3);
}
