// SPDX-License-Identifier: MIT
#include "LegReader.h"

#include <QJsonArray>
#include <cfloat>
#include <cmath>
#include <limits>

namespace Animd {
namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

// Reads one finite number within [low, high]; a bool, a string or a missing key is not a number.
bool number(const QJsonValue &value, const QString &name, double low, double high, double &into, QString &error) {
    if (!value.isDouble()) {
        error = QStringLiteral("leg: %1 must be a number").arg(name);
        return false;
    }
    const double read = value.toDouble();
    if (!std::isfinite(read) || read < low || read > high) {
        error = QStringLiteral("leg: %1 is out of range: %2").arg(name).arg(read);
        return false;
    }
    into = read;
    return true;
}

bool field(const QJsonObject &object, const char *key, double &into, QString &error, double low = -infinity,
           double high = infinity) {
    return number(object.value(QLatin1String(key)), QStringLiteral("'%1'").arg(QLatin1String(key)), low, high, into, error);
}

LegReading refused(const QString &error) { return {std::nullopt, error}; }

}  // namespace

LegReading readLeg(const QJsonObject &object) {
    animd_leg leg{};
    QString error;
    const QString kind = object.value(QLatin1String("kind")).toString();
    if (kind == QLatin1String("driven")) {
        leg.kind = ANIMD_LEG_DRIVEN;
        return {leg, {}};
    }
    if (kind == QLatin1String("cubic")) {
        leg.kind = ANIMD_LEG_CUBIC;
        const QJsonArray points = object.value(QLatin1String("controlPoints")).toArray();
        if (points.size() != 4) return refused(QStringLiteral("leg: 'controlPoints' must be four numbers"));
        double *targets[4] = {&leg.x1, &leg.y1, &leg.x2, &leg.y2};
        for (int index = 0; index < 4; ++index) {
            const bool isX = index % 2 == 0;
            if (!number(points.at(index), QStringLiteral("controlPoints[%1]").arg(index), isX ? 0 : -infinity, isX ? 1 : infinity,
                        *targets[index], error))
                return refused(error);
        }
        if (field(object, "from", leg.from, error) && field(object, "to", leg.to, error) &&
            field(object, "startTime", leg.start_time, error) && field(object, "startX", leg.start_x, error, 0, 1) &&
            field(object, "endX", leg.end_x, error, 0, 1) && field(object, "duration", leg.duration, error, 0))
            return {leg, {}};
        return refused(error);
    }
    if (kind == QLatin1String("spring")) {
        leg.kind = ANIMD_LEG_SPRING;
        if (field(object, "from", leg.from, error) && field(object, "to", leg.to, error) &&
            field(object, "startTime", leg.start_time, error) && field(object, "mass", leg.mass, error, DBL_MIN) &&
            field(object, "stiffness", leg.stiffness, error, DBL_MIN) && field(object, "damping", leg.damping, error, DBL_MIN) &&
            field(object, "velocity", leg.velocity, error) && field(object, "elapsed", leg.elapsed, error, 0) &&
            field(object, "settlingTime", leg.settling_time, error, 0))
            return {leg, {}};
        return refused(error);
    }
    return refused(QStringLiteral("leg: unknown kind '%1'").arg(kind));
}

}  // namespace Animd
