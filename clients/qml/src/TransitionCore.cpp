// SPDX-License-Identifier: MIT
#include "TransitionCore.h"

#include <QJsonArray>
#include <cmath>
#include <ctime>

#include "LegReader.h"

namespace Animd {
namespace {

double monotonicNow() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

}  // namespace

TransitionCore::TransitionCore(QObject *parent) : QObject(parent) {}

TransitionCore::~TransitionCore() { giveBack(); }

void TransitionCore::componentComplete() {
    complete_ = true;
    reopen();
}

void TransitionCore::setConnection(Connection *connection) {
    if (connection == connection_) return;
    leave();
    if (connection_) {
        disconnect(opened_);
        disconnect(lost_);
        disconnect(notified_);
    }
    connection_ = connection;
    if (connection_) {
        opened_ = connect(connection_, &Connection::opened, this, &TransitionCore::open);
        lost_ = connect(connection_, &Connection::lost, this, &TransitionCore::lose);
        notified_ = connect(connection_, &Connection::notification, this, &TransitionCore::take);
    }
    emit connectionChanged();
    reopen();
}

void TransitionCore::setName(const QString &name) {
    if (name == name_) return;
    leave();
    name_ = name;
    emit nameChanged();
    reopen();
}

void TransitionCore::setDeclaration(const QVariantMap &declaration) {
    if (declaration == declaration_) return;
    leave();
    declaration_ = declaration;
    emit declarationChanged();
    reopen();
}

void TransitionCore::reopen() {
    if (complete_ && connection_ && connection_->connected()) open();
}

void TransitionCore::giveBack() {
    ++opening_;
    if (connection_ && connection_->connected()) {
        if (subscription_ >= 0) connection_->call(QStringLiteral("unsubscribe"), {{QStringLiteral("subscription"), subscription_}}, {});
        if (!declaredName_.isEmpty()) connection_->call(QStringLiteral("transition.retract"), {{QStringLiteral("name"), declaredName_}}, {});
    }
    subscription_ = -1;
    declaredName_.clear();
}

void TransitionCore::leave() {
    giveBack();
    emitAll(swipes_.left());
    setFollowing(false);
    snapshot_ = {};
    leg_.reset();
    advance();
}

void TransitionCore::open() {
    if (!complete_ || name_.isEmpty() || !connection_) return;
    const quint64 opening = ++opening_;
    swipes_ = SwipeSignals(name_);
    if (declaration_.isEmpty()) {
        subscribe(opening);
        return;
    }
    QJsonObject params = QJsonObject::fromVariantMap(declaration_);
    params.insert(QStringLiteral("name"), name_);
    const QPointer<TransitionCore> self(this);
    const QPointer<Connection> connection(connection_);
    connection_->call(QStringLiteral("transition.declare"), params,
                      [self, connection, opening, name = name_](const QJsonValue &, const QString &error, bool refused) {
        const bool declared = error.isEmpty() && !refused;
        if (!self || opening != self->opening_) {
            // Answered after the item left that name: give it back.
            if (declared && connection) connection->call(QStringLiteral("transition.retract"), {{QStringLiteral("name"), name}}, {});
            return;
        }
        if (refused) {
            // Its name or edge is taken, or a key is wrong: declaring again would be refused again.
            self->emitAll({SwipeSignal::gone(QStringLiteral("refused"), error)});
            return;
        }
        if (declared) {
            self->declaredName_ = name;
            self->subscribe(opening);
        }
    });
}

void TransitionCore::subscribe(quint64 opening) {
    const QJsonObject params{{QStringLiteral("transitions"), QJsonArray{name_}}, {QStringLiteral("frames"), QStringLiteral("driven")}};
    const QPointer<TransitionCore> self(this);
    const QPointer<Connection> connection(connection_);
    connection_->call(QStringLiteral("subscribe"), params, [self, connection, opening](const QJsonValue &result, const QString &error, bool) {
        if (!error.isEmpty()) return;
        const QJsonValue id = result.toObject().value(QLatin1String("subscription"));
        // A subscription id is a whole number animd counts up from 1; anything else is not one to give back.
        const qint64 subscription = id.isDouble() && id.toDouble() >= 1 && id.toDouble() <= 9007199254740992.0 &&
                                            id.toDouble() == std::floor(id.toDouble())
                                        ? qint64(id.toDouble())
                                        : -1;
        if (!self || opening != self->opening_) {
            if (subscription >= 0 && connection)
                connection->call(QStringLiteral("unsubscribe"), {{QStringLiteral("subscription"), subscription}}, {});
            return;
        }
        self->subscription_ = subscription;
        for (const QJsonValue &snapshot : result.toObject().value(QLatin1String("transitions")).toArray()) {
            if (snapshot.toObject().value(QLatin1String("name")).toString() == self->name_)
                self->store(snapshot.toObject(), snapshot.toObject().value(QLatin1String("leg")));
        }
        self->setFollowing(true);
        emit self->declared();
        self->advance();
    });
}

void TransitionCore::take(const QString &method, const QJsonObject &params) {
    if (params.value(QLatin1String("name")).toString() != name_ || !method.startsWith(QLatin1String("transition."))) return;
    if (method == QLatin1String("transition.began") || method == QLatin1String("transition.leg"))
        store(params, params.value(QLatin1String("leg")));
    else if (method == QLatin1String("transition.ended"))
        store(params, QJsonValue());
    else if (method == QLatin1String("transition.progress"))
        snapshot_ = params;
    else if (method == QLatin1String("transition.removed"))
        setFollowing(false);
    const QJsonValue phase = params.value(QLatin1String("phase"));
    if (phase.isString() && phase.toString() != phase_) {
        phase_ = phase.toString();
        emit phaseChanged();
    }
    emitAll(swipes_.take(method, params));
    advance();
}

void TransitionCore::store(const QJsonObject &snapshot, const QJsonValue &leg) {
    snapshot_ = snapshot;
    leg_.reset();
    if (!leg.isObject()) return;
    const LegReading reading = readLeg(leg.toObject());
    if (reading.leg)
        leg_ = reading.leg;
    else
        // Not something animd sends: keep drawing what is known rather than stop reading.
        qWarning("animd: %s", qPrintable(reading.error));
}

void TransitionCore::advance() {
    const double now = monotonicNow();
    double progress = snapshot_.value(QLatin1String("progress")).toDouble(progress_);
    double velocity = snapshot_.value(QLatin1String("velocity")).toDouble(velocity_);
    bool running = false;
    if (leg_) {
        double legProgress = 0, legVelocity = 0;
        if (animd_leg_eval(&*leg_, now, &legProgress, &legVelocity)) {
            progress = legProgress;
            velocity = legVelocity;
            running = now < animd_leg_end_time(&*leg_);
        }
    }
    if (progress != progress_) {
        progress_ = progress;
        emit progressChanged();
    }
    if (velocity != velocity_) {
        velocity_ = velocity;
        emit velocityChanged();
    }
    if (running != animating_) {
        animating_ = running;
        emit animatingChanged();
    }
}

void TransitionCore::lose(const QString &message) {
    // The connection is gone, and with it all animd kept for it.
    ++opening_;
    subscription_ = -1;
    declaredName_.clear();
    setFollowing(false);
    leg_.reset();
    emitAll(swipes_.lost(message));
    advance();
}

void TransitionCore::setFollowing(bool following) {
    if (following == following_) return;
    following_ = following;
    emit followingChanged();
}

void TransitionCore::emitAll(const QVector<SwipeSignal> &signals_) {
    for (const SwipeSignal &signal : signals_) {
        switch (signal.kind) {
        case SwipeSignal::Begin: emit beginSwipe(); break;
        case SwipeSignal::Update: emit updateSwipe(signal.first); break;
        case SwipeSignal::End: emit endSwipe(signal.first, signal.second); break;
        case SwipeSignal::Gone: emit gone(signal.reason, signal.message); break;
        }
    }
}

}  // namespace Animd
