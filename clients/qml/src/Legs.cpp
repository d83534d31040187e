// SPDX-License-Identifier: MIT
#include "Legs.h"

#include <QJSEngine>
#include <QJsonObject>
#include <ctime>

#include "LegReader.h"

namespace Animd {

QVariant Legs::evaluate(const QVariantMap &leg, double t) {
    const LegReading reading = readLeg(QJsonObject::fromVariantMap(leg));
    if (!reading.leg) {
        if (QJSEngine *engine = qjsEngine(this)) engine->throwError(QJSValue::TypeError, reading.error);
        return {};
    }
    double progress = 0, velocity = 0;
    if (!animd_leg_eval(&*reading.leg, t, &progress, &velocity)) return {};
    return QVariantMap{{QStringLiteral("progress"), progress}, {QStringLiteral("velocity"), velocity}};
}

double Legs::now() const {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

}  // namespace Animd
