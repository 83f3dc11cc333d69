//! The glint crossing a banknote or a diamond as it opens: a soft diagonal
//! band of light, added to what lies under it, brightest on its middle line
//! and falling off to nothing at its edges. It is a mesh built inside the
//! shape it lights — every vertex a point of that shape — so that no light
//! ever falls past the note or the stone onto the night behind.

use std::f32::consts::{FRAC_PI_2, PI};

use egui::epaint::{Mesh, Vertex, WHITE_UV};
use egui::{Color32, Pos2, Rect, Vec2};

use super::look;

/// How finely each triangle of the shape is cut: the band's falloff is
/// smooth across this many steps a side.
const STEPS: usize = 12;

/// Points on each rounded corner of a note's outline.
const CORNER_POINTS: usize = 5;

/// The outline of `rect` with corners rounded by `radius`: a convex polygon,
/// clockwise from the top left.
#[must_use]
pub fn rounded_outline(rect: Rect, radius: f32) -> Vec<Pos2> {
    let radius = radius.min(rect.width() / 2.0).min(rect.height() / 2.0);
    let corners = [
        (rect.left_top() + Vec2::splat(radius), PI),
        (rect.right_top() + Vec2::new(-radius, radius), 1.5 * PI),
        (rect.right_bottom() - Vec2::splat(radius), 0.0),
        (rect.left_bottom() + Vec2::new(radius, -radius), FRAC_PI_2),
    ];
    corners
        .into_iter()
        .flat_map(|(center, start)| {
            (0..CORNER_POINTS).map(move |k| {
                let angle = start + FRAC_PI_2 * k as f32 / (CORNER_POINTS - 1) as f32;
                center + radius * Vec2::angled(angle)
            })
        })
        .collect()
}

/// The glint over the convex `outline`, `progress` of the way through its
/// sweep (0 to 1): the band crosses from the outline's left top to its right
/// bottom, coming up and going down as it goes; nothing outside 0 to 1.
#[must_use]
pub fn mesh(outline: &[Pos2], progress: f32) -> Mesh {
    let mut mesh = Mesh::default();
    if outline.len() < 3 || progress <= 0.0 || progress >= 1.0 {
        return mesh;
    }
    let bounds = Rect::from_points(outline);
    // Across the band: along the diagonal from the left top to the right
    // bottom, 0 at the left top corner, 1 at the right bottom.
    let across = |point: Pos2| {
        let offset = point - bounds.min;
        f32::midpoint(
            offset.x / bounds.width().max(1.0),
            offset.y / bounds.height().max(1.0),
        )
    };
    let middle = -look::GLINT_WIDTH + progress * (1.0 + 2.0 * look::GLINT_WIDTH);
    let strength = (progress * PI).sin();
    let light = |point: Pos2| {
        let off = ((across(point) - middle) / look::GLINT_WIDTH).abs();
        let falloff = (1.0 - off).max(0.0);
        let smooth = falloff * falloff * (3.0 - 2.0 * falloff);
        look::GLINT.gamma_multiply(look::GLINT_PEAK * strength * smooth)
    };
    let first = outline[0];
    for pair in outline[1..].windows(2) {
        add_cut_triangle(&mut mesh, [first, pair[0], pair[1]], bounds, &light);
    }
    mesh
}

/// Adds triangle `corners`, cut into `STEPS`² small ones, each vertex lit by
/// `light`: every vertex a blend of the corners, inside the triangle (and
/// held inside `bounds` against rounding).
fn add_cut_triangle(
    mesh: &mut Mesh,
    corners: [Pos2; 3],
    bounds: Rect,
    light: &impl Fn(Pos2) -> Color32,
) {
    let mut index_of = Vec::new();
    for i in 0..=STEPS {
        let mut row = Vec::new();
        for j in 0..=STEPS - i {
            let (a, b) = (i as f32 / STEPS as f32, j as f32 / STEPS as f32);
            let pos = (corners[0] + (corners[1] - corners[0]) * a + (corners[2] - corners[0]) * b)
                .clamp(bounds.min, bounds.max);
            row.push(u32::try_from(mesh.vertices.len()).unwrap_or(u32::MAX));
            mesh.vertices.push(Vertex {
                pos,
                uv: WHITE_UV,
                color: light(pos),
            });
        }
        index_of.push(row);
    }
    for i in 0..STEPS {
        for j in 0..STEPS - i {
            let (here, right, below) = (index_of[i][j], index_of[i][j + 1], index_of[i + 1][j]);
            mesh.add_triangle(here, right, below);
            if j + 1 < STEPS - i {
                mesh.add_triangle(right, index_of[i + 1][j + 1], below);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `point` lies inside the convex, clockwise `outline` (on its
    /// edge counts, within a hair).
    fn inside(outline: &[Pos2], point: Pos2) -> bool {
        outline
            .iter()
            .zip(outline.iter().cycle().skip(1))
            .all(|(&a, &b)| (b - a).x * (point - a).y - (b - a).y * (point - a).x >= -1e-2)
    }

    fn note() -> Rect {
        Rect::from_min_size(Pos2::new(400.0, 160.0), Vec2::new(220.0, 120.0))
    }

    #[test]
    fn every_vertex_of_the_glint_lies_on_the_banknote_across_its_sweep() {
        let outline = rounded_outline(note(), 14.0);
        assert!(
            !inside(&outline, note().left_top()),
            "the corner is rounded off"
        );
        assert!(inside(&outline, note().center()));
        let mut lit = 0;
        for frame in 0..=60 {
            let mesh = mesh(&outline, frame as f32 / 60.0);
            assert!(mesh.is_valid());
            for vertex in &mesh.vertices {
                assert!(note().contains(vertex.pos), "{:?} off the note", vertex.pos);
                assert!(
                    inside(&outline, vertex.pos),
                    "{:?} off the corner",
                    vertex.pos
                );
                lit += usize::from(vertex.color != Color32::TRANSPARENT);
            }
        }
        assert!(lit > 0, "the glint shows");
    }

    #[test]
    fn the_glint_is_light_added_fading_to_nothing_at_its_edges() {
        let outline = rounded_outline(note(), 14.0);
        let mesh = mesh(&outline, 0.5);
        let levels: Vec<u8> = mesh
            .vertices
            .iter()
            .map(|vertex| vertex.color.r())
            .collect();
        assert!(mesh.vertices.iter().all(|vertex| vertex.color.a() == 0));
        assert!(levels.contains(&0), "dark beyond the band's edges");
        let peak = levels.iter().copied().max().unwrap_or(0);
        assert!(peak > 60 && peak < 255, "a soft light, not a box: {peak}");
        // Between nothing and the peak, many levels: a falloff, not a step.
        let mut distinct = levels.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(distinct.len() > 10, "{} levels", distinct.len());
    }

    #[test]
    fn no_glint_before_or_after_its_sweep() {
        let outline = rounded_outline(note(), 14.0);
        for progress in [-0.5, 0.0, 1.0, 1.5] {
            assert!(mesh(&outline, progress).is_empty());
        }
    }
}
