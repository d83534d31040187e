// The Animd module's pure parts against the reference fixtures, the same checks the Python and GJS helpers pass:
//   animd-qml-checks Tests/Fixtures/leg-vectors.json Tests/Fixtures/swipe-signals.json
// Each leg sample's progress within 1e-9 and velocity within 1e-6 (relative above 1); each swipe step's signals
// exactly. Prints "ok: N samples, M steps" and exits 0, or the first failures and exits 1.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <cmath>
#include <cstdio>

#include "LegReader.h"
#include "SwipeSignals.h"

using namespace Animd;

namespace {

QJsonObject readFixture(const char *path) {
    QFile file(QString::fromLocal8Bit(path));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

int checkLegs(const QJsonObject &fixture, QStringList &failures) {
    int checked = 0;
    for (const QJsonValue &item : fixture.value(QLatin1String("cases")).toArray()) {
        const QJsonObject vector = item.toObject();
        const LegReading reading = readLeg(vector.value(QLatin1String("leg")).toObject());
        if (!reading.leg) {
            failures << QStringLiteral("%1: refused: %2").arg(vector.value(QLatin1String("name")).toString(), reading.error);
            continue;
        }
        for (const QJsonValue &sample : vector.value(QLatin1String("samples")).toArray()) {
            const QJsonArray values = sample.toArray();
            const double t = values.at(0).toDouble(), progress = values.at(1).toDouble(), velocity = values.at(2).toDouble();
            double p = NAN, v = NAN;
            animd_leg_eval(&*reading.leg, t, &p, &v);
            if (!(std::fabs(p - progress) <= 1e-9) || !(std::fabs(v - velocity) <= 1e-6 * std::fmax(1, std::fabs(velocity))))
                failures << QStringLiteral("%1 at %2: %3, %4").arg(vector.value(QLatin1String("name")).toString()).arg(t).arg(p).arg(v);
            ++checked;
        }
    }
    // What animd could not have sent is refused, each for its own reason.
    const QJsonObject good{{"kind", "spring"}, {"mass", 1}, {"stiffness", 100}, {"damping", 10}, {"velocity", 0}, {"from", 0},
                           {"to", 1}, {"startTime", 5}, {"elapsed", 0}, {"settlingTime", 1}};
    const QList<QPair<QString, QJsonValue>> bad{{"mass", 0}, {"stiffness", -1}, {"damping", 5e-324}, {"from", "0"},
                                                {"elapsed", -1}, {"velocity", true}, {"settlingTime", QJsonValue()}};
    if (!readLeg(good).leg) failures << QStringLiteral("a good spring was refused");
    for (const auto &[key, value] : bad) {
        QJsonObject leg = good;
        leg.insert(key, value);
        if (readLeg(leg).leg) failures << QStringLiteral("a spring with a bad %1 was accepted").arg(key);
    }
    return checked;
}

QJsonArray asJSON(const QVector<SwipeSignal> &signals_) {
    static const char *names[] = {"begin-swipe", "update-swipe", "end-swipe", "gone"};
    QJsonArray all;
    for (const SwipeSignal &signal : signals_) {
        QJsonArray one{QString::fromLatin1(names[signal.kind])};
        if (signal.kind == SwipeSignal::Update) one << signal.first;
        if (signal.kind == SwipeSignal::End) one << signal.first << signal.second;
        if (signal.kind == SwipeSignal::Gone) one << signal.reason << signal.message;
        all << one;
    }
    return all;
}

int checkSwipes(const QJsonObject &fixture, QStringList &failures) {
    int checked = 0;
    for (const QJsonValue &item : fixture.value(QLatin1String("cases")).toArray()) {
        SwipeSignals swipes(fixture.value(QLatin1String("name")).toString());
        const QJsonArray steps = item.toObject().value(QLatin1String("steps")).toArray();
        for (qsizetype index = 0; index < steps.size(); ++index) {
            const QJsonObject step = steps.at(index).toObject(), event = step.value(QLatin1String("event")).toObject();
            const QJsonArray signals_ = step.contains(QLatin1String("lost"))
                ? asJSON(swipes.lost(step.value(QLatin1String("lost")).toString()))
                : asJSON(swipes.take(event.value(QLatin1String("method")).toString(), event.value(QLatin1String("params")).toObject()));
            if (signals_ != step.value(QLatin1String("signals")).toArray())
                failures << QStringLiteral("%1, step %2: %3").arg(item.toObject().value(QLatin1String("name")).toString()).arg(index)
                                .arg(QString::fromUtf8(QJsonDocument(signals_).toJson(QJsonDocument::Compact)));
            ++checked;
        }
    }
    return checked;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: animd-qml-checks LEG-VECTORS SWIPE-CASES\n");
        return 2;
    }
    QStringList failures;
    const int samples = checkLegs(readFixture(argv[1]), failures), steps = checkSwipes(readFixture(argv[2]), failures);
    if (samples < 1000 || steps < 20) failures << QStringLiteral("the fixtures lost their cases: %1 samples, %2 steps").arg(samples).arg(steps);
    for (const QString &failure : failures.mid(0, 20)) std::printf("%s\n", qPrintable(failure));
    std::printf("%s: %d samples, %d steps, %lld failures\n", failures.isEmpty() ? "ok" : "FAILED", samples, steps, qlonglong(failures.size()));
    return failures.isEmpty() ? 0 : 1;
}
