// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The names are vectors.json's keys, which Codable decodes by name.
import Foundation

/// The reference values of `shared/design/vectors.json`, copied to `Tests/vectors.json`.
struct Vectors: Decodable {
    struct SpringCase: Decodable {
        let `case`: String
        let mass: Double, stiffness: Double, damping: Double
        let v0_relative: Double
        let t: [Double]
        let x_closed: [Double]
        let velocity_closed: [Double]
        let `settle_exact_eps1e-3`: Double
    }
    struct NamedSpring: Decodable {
        let name: String
        let mass: Double, stiffness: Double, damping: Double
        let `settle_exact_eps1e-3`: Double
    }
    struct Spring: Decodable {
        let cases: [SpringCase]
        let named_spring_settling: [NamedSpring]
    }
    struct BezierSample: Decodable { let x: Double, y: Double }
    struct Extrapolation: Decodable { let x_minus_0_1: Double, x_1_1: Double }
    struct Bezier: Decodable {
        let curve: String
        let control_points: [Double]
        let samples: [BezierSample]
        let extrapolation_webkit: Extrapolation
    }
    struct Perceptual: Decodable {
        let duration: Double, bounce: Double, dampingRatio: Double
        let mass: Double, stiffness: Double, damping: Double
    }
    struct ToPerceptual: Decodable {
        let mass: Double, stiffness: Double, damping: Double
        let dampingRatio: Double, response_or_duration: Double, bounce: Double
    }
    struct PercentDriven: Decodable {
        let percent: Double, completionSpeed: Double
        let finish_seconds_if_duration_0_5: Double
        let cancel_seconds_if_duration_0_5: Double
    }
    struct Misc: Decodable {
        let perceptual_spring_conversions: [Perceptual]
        let spring_to_perceptual: [ToPerceptual]
        let percent_driven_duration_factor: [PercentDriven]
    }
    let spring: Spring
    let bezier: [Bezier]
    let misc: Misc

    static let shared: Vectors = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("vectors.json")
        do {
            return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}
