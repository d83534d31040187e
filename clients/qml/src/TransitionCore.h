// SPDX-License-Identifier: MIT
// One transition followed from QML: what Transition.qml wraps with a FrameAnimation. It declares the transition when
// given a declaration (else follows one that exists), subscribes with frames: "driven" on every `opened` of its
// Connection, and keeps the last snapshot and the leg in force. It opens once the QML engine has set all its
// properties (componentComplete), and again, leaving the old, when `name`, `declaration` or `connection` change
// (a QML binding may change them at any time). `advance()`, called at each frame, sets `progress` and
// `velocity` from the leg evaluated at that instant (or the last frame while a finger drives); the signals are
// AdwSwipeTracker's (SwipeSignals.h) plus `gone` and `declared`, as the Python and GJS trackers'.
#pragma once

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QVariantMap>
#include <QtQml/qqmlparserstatus.h>
#include <QtQml/qqmlregistration.h>
#include <optional>

#include "Connection.h"
#include "SwipeSignals.h"
#include "animd-leg.h"

namespace Animd {

class TransitionCore : public QObject, public QQmlParserStatus {
    Q_OBJECT
    Q_INTERFACES(QQmlParserStatus)
    QML_ELEMENT
    Q_PROPERTY(Animd::Connection *connection READ connection WRITE setConnection NOTIFY connectionChanged)
    Q_PROPERTY(QString name READ name WRITE setName NOTIFY nameChanged)
    /// `{transition: {…}, bindings: {…}}` with animd.toml's keys, declared on every connection; empty: only follow.
    Q_PROPERTY(QVariantMap declaration READ declaration WRITE setDeclaration NOTIFY declarationChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    Q_PROPERTY(double velocity READ velocity NOTIFY velocityChanged)
    Q_PROPERTY(QString phase READ phase NOTIFY phaseChanged)
    /// Declared and followed on a live connection.
    Q_PROPERTY(bool following READ following NOTIFY followingChanged)
    /// A leg is running: frames should come (Transition.qml runs its FrameAnimation while this holds).
    Q_PROPERTY(bool animating READ animating NOTIFY animatingChanged)

public:
    explicit TransitionCore(QObject *parent = nullptr);
    ~TransitionCore() override;

    Connection *connection() const { return connection_; }
    void setConnection(Connection *connection);
    QString name() const { return name_; }
    void setName(const QString &name);
    QVariantMap declaration() const { return declaration_; }
    void setDeclaration(const QVariantMap &declaration);
    double progress() const { return progress_; }
    double velocity() const { return velocity_; }
    QString phase() const { return phase_; }
    bool following() const { return following_; }
    bool animating() const { return animating_; }

    /// Evaluates at this instant (CLOCK_MONOTONIC): call it at each frame.
    Q_INVOKABLE void advance();

    void classBegin() override {}
    void componentComplete() override;

signals:
    void connectionChanged();
    void nameChanged();
    void declarationChanged();
    void progressChanged();
    void velocityChanged();
    void phaseChanged();
    void followingChanged();
    void animatingChanged();
    void beginSwipe();
    void updateSwipe(double progress);
    void endSwipe(double velocity, double to);
    void gone(const QString &reason, const QString &message);
    void declared();

private:
    /// Opens, once the engine has set every property, when the connection is live (else its `opened` will).
    void reopen();
    /// Gives back what this item holds on the live connection: its subscription and its declared transition.
    void giveBack();
    /// Gives back, and forgets the transition it followed; a swipe under way ends where it was.
    void leave();
    void open();
    void subscribe(quint64 opening);
    void take(const QString &method, const QJsonObject &params);
    void store(const QJsonObject &snapshot, const QJsonValue &leg);
    void lose(const QString &message);
    void emitAll(const QVector<SwipeSignal> &signals_);
    void setFollowing(bool following);

    QPointer<Connection> connection_;
    QString name_;
    QVariantMap declaration_;
    double progress_ = 0, velocity_ = 0;
    QString phase_;
    bool following_ = false, animating_ = false;
    QJsonObject snapshot_;
    std::optional<animd_leg> leg_;
    SwipeSignals swipes_{QString()};
    QMetaObject::Connection opened_, lost_, notified_;
    bool complete_ = false;
    /// What this item holds on the live connection, to give back when it leaves: its subscription, and the name it
    /// declared. `opening_` counts the opens, so that an answer to an older one is passed over.
    qint64 subscription_ = -1;
    QString declaredName_;
    quint64 opening_ = 0;
};

}  // namespace Animd
