//! The benchmark list: which sample, which baseline, and the sizes of a full run, of a
//! `--quick` run and of the papers' size classes (`--size`).

/// One benchmark: a sample and its hand-written baselines.
pub struct Benchmark {
    /// Name of the sample (`samples/NAME.somd`) and of the baseline (`somd-baseline NAME`).
    pub name: &'static str,
    /// Arguments of a full run (sized for about a second sequentially on a 2-core machine).
    pub full_args: &'static [&'static str],
    /// Arguments of a `--quick` run: the samples' defaults, whose output
    /// `samples/expected/NAME.out` (written by the Java twin) is also checked.
    pub quick_args: &'static [&'static str],
    /// The sizes the papers measured, as size classes (`--size CLASS`): JavaGrande's `A`,
    /// `B`, `C`; `A` (small) and `B` (large) where a paper gives two sizes; `A` alone where
    /// it gives one. Empty where no paper gives a size.
    pub paper: &'static [PaperSize],
}

/// One size class of a benchmark, as a paper gives it.
pub struct PaperSize {
    /// `A`, `B` or `C`.
    pub class: &'static str,
    /// The sample's arguments for that size.
    pub args: &'static [&'static str],
}

/// Which sizes a run uses (`--size`, or `--quick`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Size {
    /// `full_args`.
    Full,
    /// `quick_args`.
    Quick,
    /// One paper class (`A`, `B`, `C`); benchmarks without it are skipped.
    Class(String),
    /// Every paper class of every benchmark, smallest first.
    Paper,
}

impl Size {
    /// Parses `full`, `quick`, `paper` or a class name (`A`, `B`, `C`, any case).
    pub fn parse(text: &str) -> Result<Size, String> {
        match text.to_ascii_lowercase().as_str() {
            "full" => Ok(Size::Full),
            "quick" => Ok(Size::Quick),
            "paper" => Ok(Size::Paper),
            "a" | "b" | "c" => Ok(Size::Class(text.to_ascii_uppercase())),
            _ => Err(format!("--size {text}: expected full, quick, paper, A, B or C")),
        }
    }
}

impl Benchmark {
    /// The argument lists to run this benchmark with at `size` (none when it lacks the
    /// requested paper class).
    pub fn arg_sets(&self, size: &Size) -> Vec<&'static [&'static str]> {
        match size {
            Size::Full => vec![self.full_args],
            Size::Quick => vec![self.quick_args],
            Size::Class(class) => {
                self.paper.iter().filter(|p| p.class == class).map(|p| p.args).collect()
            }
            Size::Paper => self.paper.iter().map(|p| p.args).collect(),
        }
    }
}

const fn class(class: &'static str, args: &'static [&'static str]) -> PaperSize {
    PaperSize { class, args }
}

/// Every benchmark, in report order. Where the papers' sizes come from is in
/// docs/performance.md ("Benchmarks and sizes").
pub const ALL: &[Benchmark] = &[
    Benchmark { name: "vectoradd", full_args: &["20000000"], quick_args: &[], paper: &[] },
    // JavaGrande section 2: N coefficients.
    Benchmark {
        name: "series",
        full_args: &["10000"],
        quick_args: &[],
        paper: &[class("A", &["10000"]), class("B", &["100000"]), class("C", &["1000000"])],
    },
    // JavaGrande: N x N grid, 100 iterations.
    Benchmark {
        name: "sor",
        full_args: &["1500", "100"],
        quick_args: &[],
        paper: &[
            class("A", &["1000", "100"]),
            class("B", &["1500", "100"]),
            class("C", &["2000", "100"]),
        ],
    },
    // JavaGrande: bytes.
    Benchmark {
        name: "crypt",
        full_args: &["20000000"],
        quick_args: &[],
        paper: &[class("A", &["3000000"]), class("B", &["20000000"]), class("C", &["50000000"])],
    },
    // JavaGrande: N x N with 5N nonzeros, 200 iterations.
    Benchmark {
        name: "sparsematmult",
        full_args: &["100000", "200"],
        quick_args: &[],
        paper: &[
            class("A", &["50000", "200"]),
            class("B", &["100000", "200"]),
            class("C", &["500000", "200"]),
        ],
    },
    // JavaGrande: N x N matrix.
    Benchmark {
        name: "lufact",
        full_args: &["1000"],
        quick_args: &[],
        paper: &[class("A", &["500"]), class("B", &["1000"]), class("C", &["2000"])],
    },
    // Lime (003) Table 3: 64 KB of float bodies (4096 bodies of 16 bytes); 10 steps.
    Benchmark {
        name: "nbody",
        full_args: &["4096", "10"],
        quick_args: &[],
        paper: &[class("A", &["4096", "10"])],
    },
    // Lime Table 3: the double variant, 128 KB of bodies (4096 of 32 bytes); 10 steps.
    Benchmark {
        name: "nbody_double",
        full_args: &["4096", "10"],
        quick_args: &[],
        paper: &[class("A", &["4096", "10"])],
    },
    // Lime Table 3: 600 KB of 8 x 8 int tiles, 1200 reference and 1200 library tiles.
    Benchmark {
        name: "mosaic",
        full_args: &["6000", "6000"],
        quick_args: &[],
        paper: &[class("A", &["1200", "1200"])],
    },
    // Lime Table 3: 62 KB of atoms (3968 of 16 bytes), a 1 MB slice (512 x 512 floats).
    Benchmark {
        name: "cp",
        full_args: &["2000", "512"],
        quick_args: &[],
        paper: &[class("A", &["3968", "512"])],
    },
    // Lime Table 3: 432 KB in (32768 voxels of 12 bytes, 3072 samples of 16 bytes), 256 KB
    // out (32768 pairs of floats): Parboil's small data set.
    Benchmark {
        name: "mriq",
        full_args: &["16384", "2048"],
        quick_args: &[],
        paper: &[class("A", &["32768", "3072"])],
    },
    // Parakeet (004) section 3: two 1000 x 1000 matrices, all pairs of their rows.
    Benchmark {
        name: "allpairs",
        full_args: &["1000", "1000", "1000"],
        quick_args: &[],
        paper: &[class("A", &["1000", "1000", "1000"])],
    },
    // Fumero (002) Table 4.1: 2 x 8M and 2 x 64M floats.
    Benchmark {
        name: "saxpy",
        full_args: &["20000000"],
        quick_args: &[],
        paper: &[class("A", &["8388608"]), class("B", &["67108864"])],
    },
    // Fumero Table 4.1: 16M and 64M options.
    Benchmark {
        name: "blackscholes",
        full_args: &["8000000"],
        quick_args: &[],
        paper: &[class("A", &["16777216"]), class("B", &["67108864"])],
    },
    // Fumero Table 4.1: 4M and 32M points, one assignment and update step (8 clusters).
    Benchmark {
        name: "kmeans",
        full_args: &["8000000", "8", "1"],
        quick_args: &[],
        paper: &[class("A", &["4194304", "8", "1"]), class("B", &["33554432", "8", "1"])],
    },
    // Fumero Table 4.1: 256K and 2M seeds (1000 points each: no paper gives a count).
    Benchmark {
        name: "montecarlo",
        full_args: &["8192", "10000"],
        quick_args: &[],
        paper: &[class("A", &["262144", "1000"]), class("B", &["2097152", "1000"])],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_paper_class_is_a_b_or_c_in_order_and_unique() {
        for bench in ALL {
            let classes: Vec<&str> = bench.paper.iter().map(|p| p.class).collect();
            let expected = ["A", "B", "C"];
            assert_eq!(classes, expected[..classes.len()], "{}", bench.name);
        }
    }

    #[test]
    fn size_selects_the_arguments() {
        let sor = ALL.iter().find(|b| b.name == "sor").expect("sor is listed");
        assert_eq!(sor.arg_sets(&Size::Quick), vec![&[] as &[&str]]);
        assert_eq!(sor.arg_sets(&Size::parse("b").expect("b parses")), vec![&["1500", "100"]]);
        assert_eq!(sor.arg_sets(&Size::Paper).len(), 3);
        let vectoradd = ALL.iter().find(|b| b.name == "vectoradd").expect("listed");
        assert!(vectoradd.arg_sets(&Size::Class("A".into())).is_empty());
        assert!(Size::parse("D").is_err());
    }
}
