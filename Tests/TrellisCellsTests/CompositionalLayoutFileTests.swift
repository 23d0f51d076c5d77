// Layout files: the public keys read into the model, and every bad input
// named at file:line:column.

import Testing
import TrellisCells
import TrellisGeometry
import TrellisLayoutFiles
import TrellisLists
import TrellisTemplateFiles

@Suite struct CompositionalLayoutFileTests {
    static func error(_ text: String) -> String? {
        do {
            _ = try CompositionalLayoutFile.parse(text, file: "bad.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theIssueSkeletonReadsEveryKey() throws {
        let text = """
            {"sections": [{"items": 120,
              "group": {"axis": "horizontal", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44},
                        "subitems": [{"item": {"widthDimension": {"fractionalWidth": 0.5}, "heightDimension": {"fractionalHeight": 1},
                                               "contentInsets": [1, 2, 3, 4]}},
                                     {"group": {"axis": "vertical", "widthDimension": {"fractionalWidth": 0.5},
                                                "heightDimension": {"fractionalHeight": 1}, "count": 2,
                                                "subitems": [{"item": {"widthDimension": {"fractionalWidth": 1},
                                                                       "heightDimension": {"absolute": 10}}}]}}],
                        "interItemSpacing": {"flexible": 8}},
              "interGroupSpacing": 8, "contentInsets": [10, 11, 12, 13], "orthogonalScrollingBehavior": "groupPaging",
              "contentInsetsReference": "layoutMargins",
              "boundarySupplementaryItems": [{"kind": "header", "widthDimension": {"fractionalWidth": 1},
                                              "heightDimension": {"estimated": 44}, "alignment": "top", "pinToVisibleBounds": true}],
              "decorationItems": [{"kind": "background", "contentInsets": [5, 6, 7, 8]}]}]}
            """
        let file = try CompositionalLayoutFile.parse(text, file: "ok.json")
        #expect(file.itemCounts == [120])
        let section = try #require(file.sections.first)
        #expect(section.interGroupSpacing == 8)
        #expect(
            section.contentInsets
                == DirectionalInsets(top: 10, leading: 11, bottom: 12, trailing: 13))
        #expect(section.orthogonalScrollingBehavior == .groupPaging)
        #expect(section.contentInsetsReference == .layoutMargins)
        #expect(
            section.boundarySupplementaryItems == [
                LayoutBoundaryItem(
                    kind: "header",
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
                    alignment: .top, pinToVisibleBounds: true)
            ])
        #expect(
            section.decorationItems == [
                LayoutDecorationItem(
                    kind: "background",
                    contentInsets: DirectionalInsets(top: 5, leading: 6, bottom: 7, trailing: 8))
            ])
        #expect(section.group.axis == .horizontal)
        #expect(section.group.interItemSpacing == .flexible(8))
        #expect(section.group.subitems.count == 2)
        guard case .item(let item) = section.group.subitems[0],
            case .group(let nested) = section.group.subitems[1]
        else {
            Issue.record("subitems")
            return
        }
        #expect(item.contentInsets == DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(
            item.layoutSize
                == LayoutSize(
                    widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        #expect(nested.axis == .vertical && nested.count == 2)
    }

    @Test func aFractionOfAnEstimatedContainerIsNamedWhereItIs() {
        let text = """
            {"sections": [{"items": 1,
              "group": {"axis": "horizontal", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44},
                        "subitems": [{"item": {"widthDimension": {"fractionalWidth": 1},
                                               "heightDimension": {"fractionalHeight": 1}}}]}}]}
            """
        #expect(
            Self.error(text)
                == "bad.json:4:55: fractionalHeight of a container whose height is estimated (use absolute or estimated)"
        )
    }

    @Test func aNegativeInsetIsNamedWhereItIs() {
        let text = """
            {"sections": [{"items": 1, "contentInsets": [0, 8, -4, 8],
              "group": {"axis": "horizontal", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44},
                        "subitems": [{"item": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}]}
            """
        #expect(
            Self.error(text) == "bad.json:1:52: the bottom inset must not be negative, got -4.0")
    }

    @Test func anUnknownKeyIsNamedWhereItIs() {
        let text = """
            {"sections": [{"items": 1,
              "group": {"axis": "horizontal", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44},
                        "subitems": [{"item": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1},
                                               "contentInset": [1, 1, 1, 1]}}]}}]}
            """
        #expect(
            Self.error(text)
                == "bad.json:4:52: unknown key \"contentInset\" in an item (expected one of widthDimension, heightDimension, contentInsets, edgeSpacing, supplementaryItems)"
        )
    }

    @Test func anEmptyGroupIsNamedWhereItIs() {
        let text = """
            {"sections": [{"items": 1,
              "group": {"axis": "vertical", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44},
                        "subitems": []}}]}
            """
        #expect(
            Self.error(text) == "bad.json:3:25: an empty group: \"subitems\" has no item or group")
    }

    @Test func otherMistakesAreNamedToo() {
        let group =
            #""group": {"axis": "horizontal", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}, "subitems": [{"item": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}"#
        #expect(
            Self.error("{\"sections\": [{\(group)}]}")
                == "bad.json:1:15: a section is missing \"items\"")
        #expect(
            Self.error("{\"sections\": [{\"items\": 1.5, \(group)}]}")?.hasPrefix(
                "bad.json:1:25: \"items\" must be a whole number") == true)
        #expect(
            Self.error(
                "{\"sections\": [{\"items\": 1, \"orthogonalScrollingBehavior\": \"sideways\", \(group)}]}"
            )?
            .hasPrefix("bad.json:1:59: \"orthogonalScrollingBehavior\" must be one of \"none\"")
                == true)
        #expect(
            Self.error("{\"sections\": [{\"items\": 1, \(group)")
                == "bad.json:1:250: unexpected end of file, expected ',' or '}'")
        #expect(
            Self.error(
                #"{"sections": [{"items": 1, "group": {"axis": "horizontal", "widthDimension": {"absolute": 1, "estimated": 2}, "heightDimension": {"absolute": 44}, "subitems": []}}]}"#
            )
                == "bad.json:1:78: a dimension must have exactly one of absolute, estimated, fractionalWidth, fractionalHeight"
        )
        #expect(Self.error(#"{"sections": []}"#) == "bad.json:1:14: \"sections\" must not be empty")
    }

    @Test func everySampleLayoutFileLoads() throws {
        let names = [
            "List", "Grid", "InsetItemsGrid", "TwoColumnGrid", "DistinctSections", "Badges",
            "NestedGroups",
            "OrthogonalSections", "OrthogonalSectionBehaviors", "SectionHeadersFooters",
            "PinnedSectionHeaders",
            "SectionBackgroundDecoration", "EstimatedSelfSizingGrid", "ConferenceNewsFeed",
        ]
        for name in names {
            let path = CompositionalSampleLayoutTests.directory.appendingPathComponent(
                "\(name).json"
            ).path
            let file = try CompositionalLayoutFile.load(path: path)
            #expect(file.sections.count == file.itemCounts.count)
        }
    }
}

@Suite struct ListLayoutFileTests {
    @Test func aListSectionIsAListConfiguration() throws {
        let file = try CompositionalLayoutFile.parse(
            #"{"sections": [{"items": 4, "list": {"appearance": "insetGrouped", "headerMode": "supplementary", "estimatedRowHeight": 60}}]}"#
        )
        var expected = ListConfiguration(appearance: .insetGrouped)
        expected.headerMode = .supplementary
        expected.estimatedRowHeight = 60
        #expect(file.sections == [expected.section()])
        #expect(throws: LayoutFileError.self) {
            try CompositionalLayoutFile.parse(
                #"{"sections": [{"items": 4, "list": {"appearance": "sidebar"}}]}"#)
        }
    }
}
