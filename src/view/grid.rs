//! Text for people with tables in it, as typed values: a [`Grid`] is a table's header and
//! rows of cells, a [`Doc`] the lines and tables of a verdict in order. The library says
//! what is in a table; a surface draws it (the command line in kado's house style,
//! kado-screen's `grid`), so the library never lays out a table nor asks a terminal its
//! width.

use serde::Serialize;

/// A table's text: its header and rows of cells, each cell as it is shown (cards in
/// colour where the style has colour). A header with no cell is a table with none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Grid {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Grid {
    /// A table with this header and no row yet.
    pub fn new<I, S>(header: I) -> Grid
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Grid {
            header: header.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row below the others.
    pub fn row<I, S>(&mut self, cells: I)
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.rows.push(cells.into_iter().map(Into::into).collect());
    }

    /// The cells of the column titled `title`, top to bottom (none if no column has it).
    pub fn column(&self, title: &str) -> Vec<&str> {
        let Some(at) = self.header.iter().position(|h| h == title) else {
            return Vec::new();
        };
        (self.rows.iter())
            .filter_map(|r| r.get(at).map(String::as_str))
            .collect()
    }
}

/// One piece of a [`Doc`]: lines of text, or a table drawn on lines of its own (its
/// last line ended).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    Text(String),
    Grid(Grid),
}

/// Text for people with tables in it: its pieces in order, drawn one after the other.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Doc {
    pub pieces: Vec<Piece>,
}

impl Doc {
    pub fn new() -> Doc {
        Doc::default()
    }

    /// Adds text after what is there (joined to text just before it).
    pub fn push_str(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.pieces.last_mut() {
            Some(Piece::Text(t)) => t.push_str(text),
            _ => self.pieces.push(Piece::Text(text.to_string())),
        }
    }

    /// Adds a table after what is there.
    pub fn push_grid(&mut self, grid: Grid) {
        self.pieces.push(Piece::Grid(grid));
    }

    /// Adds every piece of `other` after what is there.
    pub fn append(&mut self, other: Doc) {
        for piece in other.pieces {
            match piece {
                Piece::Text(t) => self.push_str(&t),
                Piece::Grid(g) => self.push_grid(g),
            }
        }
    }

    /// Nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The tables, in order.
    pub fn grids(&self) -> impl Iterator<Item = &Grid> {
        self.pieces.iter().filter_map(|p| match p {
            Piece::Grid(g) => Some(g),
            Piece::Text(_) => None,
        })
    }

    /// The text outside the tables, its pieces joined.
    pub fn text(&self) -> String {
        (self.pieces.iter())
            .filter_map(|p| match p {
                Piece::Text(t) => Some(t.as_str()),
                Piece::Grid(_) => None,
            })
            .collect()
    }

    /// Whether `words` is in the text or in a cell of a table.
    pub fn mentions(&self, words: &str) -> bool {
        self.pieces.iter().any(|p| match p {
            Piece::Text(t) => t.contains(words),
            Piece::Grid(g) => (g.header.iter())
                .chain(g.rows.iter().flatten())
                .any(|c| c.contains(words)),
        })
    }
}

impl From<String> for Doc {
    fn from(text: String) -> Doc {
        let mut d = Doc::new();
        d.push_str(&text);
        d
    }
}

impl From<&str> for Doc {
    fn from(text: &str) -> Doc {
        let mut d = Doc::new();
        d.push_str(text);
        d
    }
}

impl From<Grid> for Doc {
    fn from(grid: Grid) -> Doc {
        Doc {
            pieces: vec![Piece::Grid(grid)],
        }
    }
}

/// `doc += "text"` adds text, as to a `String`.
impl std::ops::AddAssign<&str> for Doc {
    fn add_assign(&mut self, text: &str) {
        self.push_str(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_joined_and_tables_keep_their_place() {
        let mut d = Doc::from("Influence:\n");
        let mut g = Grid::new(["Target", "Play"]);
        g.row(["5D", "5S 4S"]);
        d.push_grid(g.clone());
        d += "Exile: ";
        d += "nothing.\n";
        d.push_str("");
        assert_eq!(
            d.pieces,
            [
                Piece::Text("Influence:\n".into()),
                Piece::Grid(g),
                Piece::Text("Exile: nothing.\n".into())
            ]
        );
        assert_eq!(d.text(), "Influence:\nExile: nothing.\n");
        assert_eq!(
            d.grids().next().map(|g| g.column("Play")),
            Some(vec!["5S 4S"])
        );
        assert!(d.mentions("5S 4S") && d.mentions("nothing") && !d.mentions("6H"));
        let mut e = Doc::from(String::from("Before.\n"));
        e.append(d.clone());
        assert_eq!(e.pieces.len(), 3);
        assert!(Doc::new().is_empty() && !e.is_empty());
        assert_eq!(
            serde_json::to_value(&e).ok(),
            Some(serde_json::json!([
                {"text": "Before.\nInfluence:\n"},
                {"grid": {"header": ["Target", "Play"], "rows": [["5D", "5S 4S"]]}},
                {"text": "Exile: nothing.\n"}
            ]))
        );
    }
}
