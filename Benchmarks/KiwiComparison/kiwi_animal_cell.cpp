// The AnimalTableViewCell system of SolverBenchmarks (AnimalCellSystem), in
// Kiwi's C++ API, built and solved from scratch for each of 10,000 rows:
// variables, constraints, solver, two edit variables, their suggestions and
// one update. Scripts/kiwi-benchmark.sh compiles it against the headers of
// the kiwisolver source package (downloaded at run time, never committed) and
// runs it alternately with FreshSolverLoop, the same loop in Trellis.
//
// Priorities become Kiwi strengths that keep their order with room between
// them (Kiwi weighs levels, Trellis orders them strictly; for this system
// both give H = 64 + ih, which the loop checks).
#include <kiwi/kiwi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int rowCount = 10000;

double strengthFor(double priority) {
    if (priority >= 1000) return kiwi::strength::required;
    if (priority >= 999) return kiwi::strength::create(999, 0, 0);
    if (priority >= 750) return kiwi::strength::create(0, 750, 0);
    if (priority >= 250) return kiwi::strength::create(0, 0, 250);
    return kiwi::strength::create(0, 0, 0.05);
}

double layOutRow(double rowWidth, double rowIntrinsicHeight) {
    using kiwi::Variable;
    Variable width("W"), height("H"), intrinsicHeight("ih");
    Variable coverLeft("cover.left"), coverTop("cover.top");
    Variable coverWidth("cover.width"), coverHeight("cover.height");
    Variable titleLeft("title.left"), titleTop("title.top");
    Variable titleRight("title.right"), titleHeight("title.height");
    Variable subtitleLeft("subtitle.left"), subtitleTop("subtitle.top");
    Variable subtitleRight("subtitle.right"), subtitleHeight("subtitle.height");
    auto coverRight = coverLeft + coverWidth;
    std::vector<kiwi::Constraint> constraints = {
        coverLeft == 16, coverTop == 16, coverWidth == 40, coverHeight == 40,
        titleLeft == coverRight + 16, titleTop == 16, titleRight == width - 16,
        titleHeight == 16,
        subtitleLeft == coverRight + 16,
        subtitleTop == titleTop + titleHeight + 16,
        subtitleRight == width - 16,
        (subtitleTop + subtitleHeight == height - 16) | strengthFor(750),
        (subtitleHeight >= intrinsicHeight) | strengthFor(750),
        (subtitleHeight <= intrinsicHeight) | strengthFor(250),
        (height == 0) | strengthFor(50),
    };
    kiwi::Solver solver;
    for (auto &constraint : constraints) solver.addConstraint(constraint);
    solver.addEditVariable(width, strengthFor(999));
    solver.addEditVariable(intrinsicHeight, strengthFor(999));
    solver.suggestValue(width, rowWidth);
    solver.suggestValue(intrinsicHeight, rowIntrinsicHeight);
    solver.updateVariables();
    return height.value();
}

}  // namespace

// usage: kiwi_animal_cell [ROUNDS]: prints the median time per row over
// ROUNDS rounds of 10,000 rows, in microseconds, and the rows' height sum.
int main(int argc, char **argv) {
    int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
    if (rounds < 1) {
        std::fprintf(stderr, "usage: kiwi_animal_cell [ROUNDS >= 1]\n");
        return 64;
    }
    std::vector<double> widths(rowCount), intrinsicHeights(rowCount);
    const double deviceWidths[] = {320, 375, 390, 414, 768};
    for (int row = 0; row < rowCount; ++row) {
        widths[row] = deviceWidths[row % 5];
        intrinsicHeights[row] = 20.5 * (1 + (row * 7) % 4);
    }
    std::vector<double> perRow;
    double total = 0;
    for (int round = 0; round < rounds; ++round) {
        total = 0;
        auto start = std::chrono::steady_clock::now();
        for (int row = 0; row < rowCount; ++row) {
            double height = layOutRow(widths[row], intrinsicHeights[row]);
            if (height < 64 + intrinsicHeights[row] - 1e-6 || height > 64 + intrinsicHeights[row] + 1e-6) {
                std::fprintf(stderr, "row %d: H = %f, expected %f\n", row, height,
                             64 + intrinsicHeights[row]);
                return 1;
            }
            total += height;
        }
        auto elapsed = std::chrono::duration<double, std::micro>(
            std::chrono::steady_clock::now() - start).count();
        perRow.push_back(elapsed / rowCount);
    }
    std::sort(perRow.begin(), perRow.end());
    std::printf("%.3f %.1f\n", perRow[perRow.size() / 2], total);
    return 0;
}
