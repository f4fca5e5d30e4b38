//! [`Group`]: one case's implementations, timed by criterion one after another and then, in
//! the same process, interleaved (see [`super::paired`]).

use super::paired;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A benchmark group with criterion's API (`bench_function`, `throughput`, `finish`) whose
/// implementations are kept until [`Group::finish`]: criterion times each as before, under
/// `<case>/<impl>`, then the implementations criterion ran are timed again in alternating
/// slices, so that their ratios come from the same seconds of the machine's time.
///
/// ```ignore
/// let mut group = common::Group::new(c, "ipv4_header_decode");
/// group.bench_function("wire", |b| b.iter(|| decode_wire(black_box(&bytes))));
/// group.bench_function("hand", |b| b.iter(|| decode_hand(black_box(&bytes))));
/// group.finish();
/// ```
pub struct Group<'c, 'a> {
    criterion: BenchmarkGroup<'c, WallTime>,
    case: String,
    impls: Vec<Impl<'a>>,
}

/// One implementation of a case: its name and the closure that times it.
struct Impl<'a> {
    name: String,
    time: Box<dyn FnMut(&mut Bencher<'_, '_>) + 'a>,
}

impl<'c, 'a> Group<'c, 'a> {
    /// The group of case `case` (criterion's group name, the `<case>` of every id).
    pub fn new(c: &'c mut Criterion, case: impl Into<String>) -> Self {
        let case = case.into();
        Group {
            criterion: c.benchmark_group(case.as_str()),
            case,
            impls: Vec::new(),
        }
    }

    /// As criterion's: the bytes or elements one iteration handles.
    pub fn throughput(&mut self, throughput: Throughput) -> &mut Self {
        self.criterion.throughput(throughput);
        self
    }

    /// Adds implementation `name`; `time` is called with a [`Bencher`] as criterion's
    /// `bench_function` calls its closure, possibly many times.
    pub fn bench_function(
        &mut self,
        name: &str,
        time: impl FnMut(&mut Bencher<'_, '_>) + 'a,
    ) -> &mut Self {
        self.impls.push(Impl {
            name: name.to_owned(),
            time: Box::new(time),
        });
        self
    }

    /// Times every implementation with criterion, then the ones criterion ran (those its
    /// filter selected) interleaved.
    pub fn finish(self) {
        let Group {
            mut criterion,
            case,
            mut impls,
        } = self;
        let mut ran = vec![false; impls.len()];
        for (imp, ran) in impls.iter_mut().zip(&mut ran) {
            let time = &mut imp.time;
            criterion.bench_function(imp.name.as_str(), |b| {
                *ran = true;
                time(&mut Bencher(Mode::Criterion(b)));
            });
        }
        criterion.finish();
        let mut timed: Vec<paired::Timed<'_>> = impls
            .iter_mut()
            .zip(ran)
            .filter(|(_, ran)| *ran)
            .map(|(imp, _)| {
                let time = &mut imp.time;
                paired::Timed {
                    name: &imp.name,
                    slice: Box::new(move |iters| {
                        let mut bencher = Bencher(Mode::Slice {
                            iters,
                            elapsed: None,
                        });
                        time(&mut bencher);
                        bencher.elapsed()
                    }),
                }
            })
            .collect();
        paired::measure(&case, &mut timed);
    }
}

/// What a bench closure times with: criterion's `Bencher`, or a slice of a fixed number of
/// iterations for the interleaved pass. Its loops are criterion's: `iter` black-boxes every
/// result inside one timed loop, `iter_custom` lets the closure time itself.
pub struct Bencher<'b, 'm>(Mode<'b, 'm>);

enum Mode<'b, 'm> {
    Criterion(&'b mut criterion::Bencher<'m, WallTime>),
    Slice {
        iters: u64,
        elapsed: Option<Duration>,
    },
}

impl Bencher<'_, '_> {
    /// Times `op`, called once per iteration, its result black-boxed.
    #[inline(always)]
    pub fn iter<O, R>(&mut self, mut op: O)
    where
        O: FnMut() -> R,
    {
        match &mut self.0 {
            Mode::Criterion(b) => b.iter(op),
            Mode::Slice { iters, elapsed } => {
                let start = Instant::now();
                for _ in 0..*iters {
                    black_box(op());
                }
                *elapsed = Some(start.elapsed());
            }
        }
    }

    /// `time(iters)` runs `iters` iterations and returns the time they took.
    #[inline(always)]
    pub fn iter_custom<T>(&mut self, mut time: T)
    where
        T: FnMut(u64) -> Duration,
    {
        match &mut self.0 {
            Mode::Criterion(b) => b.iter_custom(time),
            Mode::Slice { iters, elapsed } => *elapsed = Some(time(*iters)),
        }
    }

    /// The slice's time; a closure that timed nothing is a bug in the bench.
    fn elapsed(&self) -> Duration {
        match self.0 {
            Mode::Slice {
                elapsed: Some(elapsed),
                ..
            } => elapsed,
            _ => panic!("a bench closure returned without calling iter or iter_custom"),
        }
    }
}
