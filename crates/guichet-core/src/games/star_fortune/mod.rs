//! Star Fortune: two pucks down a tilted board, with BONUS cases. Its three
//! emissions (0,50 €, 1 € and 2 €, blocks of 850 000), its reveal — no zones,
//! but for each of the two drops a puck to pick, then, if it fell in a BONUS
//! case, "GO"; the second drop comes after the first — its rules
//! ([`scenario`]), the lattice of its ways down ([`puck_path`]), the board as a
//! physical thing ([`plinko`]), the versions of that board and its physics
//! ([`physics`]), its drawing ([`generator`]) and how its falls are exported
//! ([`trajectories`]).

pub mod game;
pub mod generator;
pub mod physics;
pub mod plinko;
pub mod puck_path;
pub mod scenario;
pub mod trajectories;
