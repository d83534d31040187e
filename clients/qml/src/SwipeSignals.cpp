// SPDX-License-Identifier: MIT
#include "SwipeSignals.h"

#include <QJsonArray>
#include <cmath>

namespace Animd {
namespace {

double number(const QJsonValue &value) {
    return value.isDouble() && std::isfinite(value.toDouble()) ? value.toDouble() : 0;
}

// Where a let-go transition goes: its target snap point while a leg runs, else where it rests.
double heading(const QString &method, const QJsonObject &params) {
    const QJsonValue points = params.value(QLatin1String("snapPoints")), target = params.value(QLatin1String("target"));
    if (method != QLatin1String("transition.ended") && params.value(QLatin1String("phase")).toString() == QLatin1String("animating") &&
        points.isArray() && target.isDouble()) {
        const double index = target.toDouble();
        const QJsonArray array = points.toArray();
        if (index == std::floor(index) && index >= 0 && index < array.size()) return number(array.at(int(index)));
    }
    return number(params.value(QLatin1String("progress")));
}

}  // namespace

QVector<SwipeSignal> SwipeSignals::take(const QString &method, const QJsonObject &params) {
    if (params.value(QLatin1String("name")).toString() != name_ || !params.value(QLatin1String("name")).isString() ||
        !method.startsWith(QLatin1String("transition.")))
        return {};
    if (method == QLatin1String("transition.removed")) {
        const QJsonValue reason = params.value(QLatin1String("reason"));
        return gone(reason.isString() ? reason.toString() : QStringLiteral("removed"), params.value(QLatin1String("message")).toString());
    }
    const QJsonValue phase = params.value(QLatin1String("phase"));
    if (!phase.isString()) return {};
    const bool held = phase.toString() == QLatin1String("interactive") && method != QLatin1String("transition.ended");
    QVector<SwipeSignal> signals_;
    if (held && !swiping_) {
        swiping_ = true;
        signals_.append(SwipeSignal::begin());
    } else if (held && method == QLatin1String("transition.progress")) {
        signals_.append(SwipeSignal::update(number(params.value(QLatin1String("progress")))));
    } else if (!held && swiping_) {
        swiping_ = false;
        signals_.append(SwipeSignal::end(number(params.value(QLatin1String("velocity"))), heading(method, params)));
    }
    last_ = params;
    return signals_;
}

QVector<SwipeSignal> SwipeSignals::left() {
    QVector<SwipeSignal> signals_;
    if (swiping_) {
        swiping_ = false;
        signals_.append(SwipeSignal::end(0, number(last_.value(QLatin1String("progress")))));
    }
    last_ = {};
    return signals_;
}

QVector<SwipeSignal> SwipeSignals::gone(const QString &reason, const QString &message) {
    QVector<SwipeSignal> signals_ = left();
    signals_.append(SwipeSignal::gone(reason, message));
    return signals_;
}

}  // namespace Animd
