// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Columns computed from others, and error and interval columns, are never the chart's measures (issue 45).
final class DerivedAndIntervalColumnsTests: XCTestCase {
    let folder = TemporaryFolder()

    private func shown(_ document: ChartDocument) -> [String] {
        let l = document.layout
        return ([l.x] + l.y.map { Optional($0) } + [l.size]).compactMap { $0 }.map { document.table.columns[$0].header }
    }

    // MARK: Derived

    func testAConstantWithinTheLastWrittenDecimalIsNoTerm() throws {
        // DAAG's gaba: avbac is (5 fbac + mbac) ÷ 6 written to four decimals; the fit's constant of about a
        // ten-thousandth is that rounding, once said as "+ 0.0001".
        var text = "minute,fbac,mbac,avbac\n"
        for i in 0..<14 {
            let f = 1.2 + Double((i * 37) % 23) / 7, m = -0.4 + Double((i * 53) % 19) / 11
            let (fw, mw) = ((f * 1e4).rounded() / 1e4, (m * 1e4).rounded() / 1e4)
            text +=
                "\(i * 10),\(String(format: "%.4f", fw)),\(String(format: "%.4f", mw)),"
                + "\(String(format: "%.4f", (5 * fw + mw) / 6 + 0.00004))\n"  // a rounding's bias, as a fit sees
        }
        let document = try folder.document(text)
        let note = document.warnings.first { $0.hasPrefix("avbac is left out") }
        XCTAssertNotNil(note, "\(document.warnings)")
        XCTAssertTrue(note?.hasSuffix("mbac on every row.") == true, note ?? "")
    }

    func testANumberForEachNameIsACodeNotAMeasure() throws {
        // PRDEG: levine numbers the countries (Argentina 4 … USA 107), each country over three decades.
        var text = "country,levine,sec,pri\n"
        for c in 0..<20 {
            for decade in 1...3 {
                text +=
                    "Country \(c),\(4 + c * 5),\(String(format: "%.1f", 2 + Double((c * 7 + decade * 5) % 17) * 1.3)),"
                    + "\(String(format: "%.1f", 20 + Double((c * 3 + decade * 11) % 19) * 2.1))\n"
            }
        }
        let document = try folder.document(text)
        XCTAssertEqual(TableProfile(document.table).setAside[1], .code(of: 0))
        XCTAssertFalse(shown(document).contains("levine"), "\(shown(document))")
        XCTAssertTrue(
            document.warnings.contains("levine is left out: it is a number for each country, one for one."),
            "\(document.warnings)")
    }

    func testAPerNameMeasureIsNoCode() throws {
        // A population the same on each of a country's rows is a measure: its numbers are not dense like a code's.
        var text = "country,population,sec\n"
        for c in 0..<20 { for d in 1...3 { text += "Country \(c),\(1_000_000 + c * 48_731),\(d * 2 + c % 5)\n" } }
        XCTAssertNil(TableProfile(try folder.document(text).table).setAside[1])
    }

    func testAwakeIsLeftOutAsTwentyFourMinusSleep() throws {
        let document = try folder.document("sleep,awake\n8,16\n10.5,13.5\n6,18\n12,12\n")
        XCTAssertEqual(document.chart.kind, .histogram, "nothing else is left: the histogram of one of them")
        XCTAssertEqual(shown(document), ["sleep"])
        XCTAssertTrue(document.warnings.contains("awake is left out: it is 24 − sleep on every row."), "\(document.warnings)")
        XCTAssertFalse(ChartAnalysis.analyze(document.chart).summary.contains("correlation"))
    }

    func testACoinsAgeIsNotDrawnAgainstItsYear() throws {
        let document = try folder.document(
            "year,age,weight\n1990,33,3.11\n1995,28,3.09\n1979,44,3.12\n2001,22,3.10\n1985,38,3.13\n")
        XCTAssertFalse(shown(document).contains("age"), "\(shown(document))")
        XCTAssertTrue(document.warnings.contains("age is left out: it is 2023 − year on every row."), "\(document.warnings)")
    }

    func testCentringAShiftOfTimeAndExperienceAreFound() throws {
        let centred = try folder.document(
            "ses,meanses,cses,math\n0.5,0.2,0.3,12\n-0.4,0.2,-0.6,9\n1.1,-0.3,1.4,15\n0.0,-0.3,0.3,11\n"
                + "0.7,0.1,0.6,14\n-1.2,0.1,-1.3,6\n0.3,0.4,-0.1,10\n")
        XCTAssertFalse(shown(centred).contains("cses"), "\(shown(centred))")
        XCTAssertTrue(centred.warnings.contains("cses is left out: it is ses − meanses on every row."), "\(centred.warnings)")
        var series = "Year,X1,temp\n"
        for (k, t) in [5, 6, 5.5, 7, 6, 6.5, 5.2, 7.1, 6.4, 5.8, 6.9, 7.3].enumerated() {
            series += "\(1850 + k),\(100 + k),\(t)\n"
        }
        let shift = try folder.document(series)
        XCTAssertEqual(shown(shift), ["Year", "temp"])
        XCTAssertTrue(shift.warnings.contains("X1 is left out: it is Year − 1750 on every row."), "\(shift.warnings)")
        var rows = "wage,age,educ,exp\n"
        for (k, (age, educ)) in [
            (30, 12), (45, 16), (28, 10), (52, 12), (39, 18), (61, 8), (33, 14), (47, 12), (25, 16), (58, 11), (36, 9)
        ].enumerated() {
            rows += "\(10 + k * 3 % 7),\(age),\(educ),\(age - educ - 6)\n"
        }
        let experience = try folder.document(rows)
        XCTAssertFalse(shown(experience).contains("exp"), "\(shown(experience))")
        XCTAssertTrue(
            experience.warnings.contains("exp is left out: it is age − educ − 6 on every row."), "\(experience.warnings)")
    }

    func testARatioIsFoundOnTheLogs() throws {
        let document = try folder.document(
            "year,gnp,price,realgnp\n1990,100,1.00,100.0\n1991,108,1.03,104.9\n1992,119,1.07,111.2\n"
                + "1993,125,1.09,114.7\n1994,140,1.12,125.0\n1995,151,1.18,128.0\n")
        XCTAssertFalse(shown(document).contains("realgnp"), "\(shown(document))")
        XCTAssertTrue(document.warnings.contains("realgnp is left out: it is gnp ÷ price on every row."), "\(document.warnings)")
    }

    func testARateRoundedToTheCentIsFoundWhereTheBestFitMissesARowByMore() throws {
        // openintro's teacher: fica and retirement are 7.65% and 16.94% of base, each rounded to the cent. The
        // least-squares line through retirement misses one row by 0.006; 0.1694 × base misses none by over 0.005.
        var text = "years,base,fica,retirement\n"
        for (k, base) in [45388, 60649, 60649, 62031, 55812, 68019, 40016, 71230, 49999, 65535, 58101, 74417, 19901].enumerated()
        {
            let cents = { (rate: Double) in (Double(base) * rate * 100).rounded() / 100 }
            text += "\(5 + k * 7 % 31),\(base),\(cents(0.0765)),\(cents(0.1694))\n"
        }
        let document = try folder.document(text)
        XCTAssertEqual(shown(document).filter { ["base", "fica", "retirement"].contains($0) }.count, 1, "\(shown(document))")
        XCTAssertTrue(document.warnings.contains { $0.hasPrefix("retirement is left out") }, "\(document.warnings)")
    }

    func testASeriesThatIsAStraightLineOfXIsLeftOutAndSaid() throws {
        // DAAG's edcT: an ice core's bag number, the depth of its top (0.55 m a bag) and what was measured in it.
        var text = "Bag,ztop,Deuterium\n"
        let deuterium = [-390.9, -385.1, -377.8, -381.2, -392.4, -401.0, -398.3, -389.9, -384.4, -379.0, -387.6, -395.2]
        for (k, d) in (deuterium + deuterium.reversed()).enumerated() {
            text += "\(13 + k),\(String(format: "%.2f", 0.55 * Double(12 + k))),\(d)\n"
        }
        let document = try folder.document(text)
        XCTAssertEqual(shown(document), ["Bag", "Deuterium"])
        XCTAssertTrue(
            document.warnings.contains("ztop is left out: it is 0.55 × Bag − 0.55 on every row."), "\(document.warnings)")
        // Four years of sales that happen to rise by one a year are data.
        let sales = try folder.document("Year,North,East\n2020,10,1\n2021,12,2\n2022,15,3\n2023,20,4\n")
        XCTAssertEqual(shown(sales), ["Year", "North", "East"])
    }

    func testMeasuresThatOnlyMoveTogetherAreBothKept() throws {
        // Heights and weights correlate strongly, but no rounding explains what is left: both are measures.
        let document = try folder.document(
            "height,weight\n150,50.2\n160,58.1\n170,66.3\n180,73.9\n190,82.4\n165,61.0\n175,70.2\n")
        XCTAssertEqual(document.chart.kind, .scatter)
        XCTAssertEqual(Set(shown(document)), ["height", "weight"])
        XCTAssertTrue(document.warnings.isEmpty, "\(document.warnings)")
    }

    func testAColumnThePersonChoosesIsDrawn() throws {
        let document = try folder.document("sleep,awake\n8,16\n10.5,13.5\n6,18\n12,12\n", ChartSettings(x: "sleep", y: ["awake"]))
        XCTAssertEqual(document.chart.kind, .scatter)
        XCTAssertFalse(document.warnings.contains { $0.contains("left out") })
    }

    func testRanksAndLogarithmsAreDerived() throws {
        var rows = "score,ln_score,rank\n"
        let scores = [12.5, 3.2, 8.8, 20.1, 15.0, 1.1, 9.9, 30.2, 4.4, 7.7, 16.6]
        let ranks = scores.map { s in scores.filter { $0 < s }.count + 1 }
        for (s, r) in zip(scores, ranks) { rows += "\(s),\(String(format: "%.4f", Foundation.log(s))),\(r)\n" }
        let profile = TableProfile(try CSVReader.read(path: folder.write("r.csv", rows)))
        guard case .derived(let log) = profile.setAside[1], case .derived(let rank) = profile.setAside[2] else {
            return XCTFail("\(profile.setAside)")
        }
        XCTAssertEqual(log.form, DerivedColumns.Form.logarithm)
        XCTAssertEqual(rank.form, DerivedColumns.Form.rank)
    }

    // MARK: Intervals

    func testAMeasureBesideItsStandardErrorIsBarsOfTheMeasure() throws {
        let document = try folder.document("group,mean,se\nA,10.2,0.8\nB,12.5,1.1\nC,9.8,0.7\nD,11.1,0.9\n")
        XCTAssertEqual(document.chart.kind, .bar)
        XCTAssertEqual(shown(document), ["group", "mean"])
        XCTAssertTrue(document.warnings.contains("se is the standard error of mean, so it is not drawn as a measure of its own."))
        XCTAssertFalse(ChartAnalysis.analyze(document.chart).summary.contains("correlation"))
    }

    func testBoundsAroundAnEstimateAreNotLines() throws {
        let document = try folder.document("x,lower,estimate,upper\n1,2.1,3.0,3.9\n2,2.8,3.5,4.4\n3,3.5,4.6,5.5\n")
        XCTAssertEqual(document.chart.kind, .line)
        XCTAssertEqual(document.chart.series.map(\.name), ["estimate"])
        XCTAssertTrue(
            document.warnings.contains(
                "lower and upper are the lower and upper bounds of estimate, so they are not drawn as measures of their own."))
    }

    func testBroomForecastAndPrefixedIntervalsAreRead() throws {
        let broom =
            "term,estimate,std.error,statistic,p.value,conf.low,conf.high\n"
            + "a,1.5,0.2,7.5,0.001,1.1,1.9\nb,-0.4,0.3,-1.3,0.2,-1.0,0.2\nc,2.2,0.5,4.4,0.01,1.2,3.2\n"
        let profile = TableProfile(try CSVReader.read(path: folder.write("b.csv", broom)))
        let kinds: [Int: IntervalColumns.Kind] = profile.setAside.compactMapValues {
            if case .interval(let m) = $0 { return m.kind } else { return nil }
        }
        XCTAssertEqual(kinds, [2: .standardError, 5: .lowerBound, 6: .upperBound])
        let forecast =
            "Month,Point Forecast,Lo 80,Hi 80,Lo 95,Hi 95\n2024-01,10,8,12,7,13\n2024-02,11,8.5,13.5,7,15\n2024-03,12,9,15,7.5,16.5\n"
        let f = try folder.document(forecast)
        XCTAssertEqual(f.chart.series.map(\.name), ["Point Forecast"])
        let prices = try folder.document(
            "day,price,price_lower,price_upper,volume\n1,10,9,11,300\n2,11,10,12,280\n3,12,11,13,350\n4,11,10,12,310\n")
        XCTAssertEqual(Set(prices.chart.series.map(\.name)), ["price", "volume"])
    }

    func testNamesThatOnlyLookLikeErrorsStayMeasures() throws {
        // ManufCost's cost shares: sk, sl, se and sm (se is energy's share).
        let shares = try CSVReader.read(
            path: folder.write("s.csv", "cost,sk,sl,se,sm\n10,0.1,0.2,0.3,0.4\n12,0.2,0.2,0.2,0.4\n9,0.3,0.1,0.2,0.4\n"))
        XCTAssertTrue(IntervalColumns.find(in: shares, candidates: [0, 1, 2, 3, 4]).isEmpty)
        // A lower bound needs its upper one: HI (Hawaii) among states is no bound.
        let states = try CSVReader.read(path: folder.write("h.csv", "year,CA,HI,NY\n2000,5,3,7\n2001,6,2,8\n2002,7,4,6\n"))
        XCTAssertTrue(IntervalColumns.find(in: states, candidates: [1, 2, 3]).isEmpty)
        // A spread below zero is no spread.
        let signed = try CSVReader.read(path: folder.write("n.csv", "mean,sd\n1,0.5\n2,-0.1\n3,0.2\n"))
        XCTAssertTrue(IntervalColumns.find(in: signed, candidates: [0, 1]).isEmpty)
    }
}
