// SPDX-License-Identifier: MIT
// The leg evaluator for QML's JavaScript (a singleton): `Legs.evaluate(leg, t)` gives `{progress, velocity}` of a leg
// object from animd at t (CLOCK_MONOTONIC seconds, `Legs.now()`), or null for a driven leg, whose position only frames
// tell; a leg animd could not have sent throws a TypeError saying why.
#pragma once

#include <QObject>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

namespace Animd {

class Legs : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    explicit Legs(QObject *parent = nullptr) : QObject(parent) {}

    Q_INVOKABLE QVariant evaluate(const QVariantMap &leg, double t);
    /// CLOCK_MONOTONIC in seconds: the clock of every `time` animd sends.
    Q_INVOKABLE double now() const;
};

}  // namespace Animd
