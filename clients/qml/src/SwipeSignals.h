// SPDX-License-Identifier: MIT
// One transition's events as libadwaita's AdwSwipeTracker signals: the C++ twin of clients/python/animd/swipe.py and
// clients/js/swipe.mjs, checked against the same hand-written cases (Tests/Fixtures/swipe-signals.json). Pure.
#pragma once

#include <QJsonObject>
#include <QString>
#include <QVector>

namespace Animd {

struct SwipeSignal {
    enum Kind { Begin, Update, End, Gone } kind;
    double first = 0, second = 0;  // Update: progress; End: velocity, to
    QString reason, message;       // Gone

    static SwipeSignal begin() { return {Begin, 0, 0, {}, {}}; }
    static SwipeSignal update(double progress) { return {Update, progress, 0, {}, {}}; }
    static SwipeSignal end(double velocity, double to) { return {End, velocity, to, {}, {}}; }
    static SwipeSignal gone(const QString &reason, const QString &message) { return {Gone, 0, 0, reason, message}; }
};

class SwipeSignals {
public:
    explicit SwipeSignals(QString name) : name_(std::move(name)) {}

    /// The signals one event means, in order.
    QVector<SwipeSignal> take(const QString &method, const QJsonObject &params);
    /// The connection to animd is gone.
    QVector<SwipeSignal> lost(const QString &message) { return gone(QStringLiteral("animd-gone"), message); }
    /// The transition is no longer followed, though it is not gone (the item follows another now): a swipe under way
    /// ends where it was.
    QVector<SwipeSignal> left();

    bool swiping() const { return swiping_; }

private:
    QVector<SwipeSignal> gone(const QString &reason, const QString &message);

    QString name_;
    bool swiping_ = false;
    QJsonObject last_;
};

}  // namespace Animd
