//! The registry of games and the folders of the games: every folder is a game
//! of the registry, every game has its folder, its règlement, and emissions
//! whose codes name it.

use std::path::Path;

use guichet_core::games;

/// The folder of a game's code: its command-line name, `-` made `_`.
fn folder_of(slug: &str) -> String {
    slug.replace('-', "_")
}

#[test]
fn every_game_folder_is_in_the_registry_and_every_game_has_its_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games");
    let mut folders: Vec<String> = std::fs::read_dir(&root)
        .expect("the games' folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.is_dir())
        .map(|path| {
            path.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    folders.sort();
    let mut registered: Vec<String> = games::ALL
        .iter()
        .map(|game| folder_of(game.slug()))
        .collect();
    registered.sort();
    assert_eq!(folders, registered, "a game's folder and its registry line");
}

#[test]
fn every_game_has_its_reglement_and_its_emissions() {
    for game in games::ALL {
        let reglement = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("reglements")
            .join(format!("{}.txt", game.slug()));
        assert!(reglement.is_file(), "{game}: {}", reglement.display());
        assert!(game.emissions().count() >= 1, "{game} is sold");
        assert!(
            game.emissions()
                .any(|emission| std::ptr::eq(emission, game.rules().first_offered))
        );
        for emission in game.emissions() {
            assert_eq!(emission.game, game, "{emission}");
            assert_eq!(games::emission_by_code(&emission.code()), Some(emission));
        }
        assert_eq!(games::by_export_name(game.export_name()), Some(game));
        assert_eq!(game.slug().parse(), Ok(game));
    }
}
