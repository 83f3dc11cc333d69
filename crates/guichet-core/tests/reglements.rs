//! The prize tables in the code are the ones printed in the règlements: each
//! règlement's article 2 and 3 are read from the text itself and compared.

use std::path::Path;

use guichet_core::emission::{Emission, Game};
use guichet_core::money::Cents;

/// One table as a règlement prints it.
#[derive(Debug)]
struct PrintedTable {
    /// (lots, prize) lines, in printed order.
    lines: Vec<(u32, Cents)>,
    /// The "N lots formant un total de" figure.
    lots: u32,
    /// The printed total paid.
    paid: Cents,
}

fn reglement(game: Game) -> String {
    // Each game's règlement is named by its command-line name.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("reglements")
        .join(format!("{}.txt", game.slug()));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// `20 000`, `1000`, `7,5`, `200 000 €` → cents.
fn amount(text: &str) -> Cents {
    let digits: String = text
        .trim()
        .trim_end_matches('€')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    Cents::parse_euros(&digits).unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

fn count(text: &str) -> u32 {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

/// The tables of article 3, read from the one-line pipe tables of the text.
fn printed_tables(text: &str) -> Vec<PrintedTable> {
    let article_3 = &text
        [text.find("Article 3").expect("article 3")..text.find("Article 4").expect("article 4")];
    let cells: Vec<&str> = article_3.split('|').map(str::trim).collect();
    let mut tables = Vec::new();
    let mut lines = Vec::new();
    for (position, cell) in cells.iter().enumerate() {
        let next_value = || {
            cells[position + 1..]
                .iter()
                .find(|cell| !cell.is_empty())
                .expect("a value after the label")
        };
        if cell.ends_with("lots de") || cell.ends_with("lot de") {
            lines.push((count(cell), amount(next_value())));
        } else if cell.ends_with("lots formant un total de") {
            tables.push(PrintedTable {
                lines: std::mem::take(&mut lines),
                lots: count(cell),
                paid: amount(next_value()),
            });
        }
    }
    tables
}

/// Article 2's "blocs de N unités".
fn printed_block_size(text: &str) -> u32 {
    let start = text.find("blocs de ").expect("block size") + "blocs de ".len();
    let end = start + text[start..].find(" unités").expect("units");
    count(&text[start..end])
}

#[test]
fn tables_are_the_reglements_tables() {
    for game in guichet_core::games::ALL {
        let text = reglement(game);
        let tables = printed_tables(&text);
        let emissions: Vec<&Emission> = game.emissions().collect();
        assert_eq!(tables.len(), emissions.len(), "{game}: one table per stake");
        for (table, emission) in tables.iter().zip(emissions) {
            let ours: Vec<(u32, Cents)> = emission
                .tiers
                .iter()
                .map(|tier| (tier.lots, tier.prize))
                .collect();
            assert_eq!(ours, table.lines, "{emission}");
            assert_eq!(emission.printed.lots, table.lots, "{emission}");
            assert_eq!(emission.printed.paid, table.paid, "{emission}");
            assert_eq!(
                emission.winning_lots(),
                table.lots,
                "{emission}: lots add up"
            );
            assert_eq!(
                emission.total_paid(),
                table.paid,
                "{emission}: prizes add up"
            );
            assert_eq!(emission.block_size, printed_block_size(&text), "{emission}");
        }
    }
}

#[test]
fn star_fortune_tables_follow_the_stakes_in_order() {
    let text = reglement(guichet_core::games::star_fortune::game::GAME);
    for (stake_text, emission) in ["à 0,5 €", "à 1 €", "à 2 €"]
        .iter()
        .zip(guichet_core::games::star_fortune::game::GAME.emissions())
    {
        assert!(
            text.contains(&format!("unités de jeu {stake_text}")),
            "{stake_text}"
        );
        assert_eq!(emission.stake, amount(stake_text.trim_start_matches('à')));
    }
}
