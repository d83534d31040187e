// SPDX-License-Identifier: MIT
// A connection to animd from QML: the socket, JSON-RPC lines, `daemon.hello`, and reconnection after animd restarts.
// Transitions (Transition.qml) share one; each declares and subscribes on every `opened`.
#pragma once

#include <QHash>
#include <QJSValue>
#include <QJsonObject>
#include <QJsonValue>
#include <QLocalSocket>
#include <QObject>
#include <QTimer>
#include <QtQml/qqmlregistration.h>
#include <functional>

namespace Animd {

class Connection : public QObject {
    Q_OBJECT
    QML_ELEMENT
    /// animd's socket; empty: $ANIMD_SOCKET, else $XDG_RUNTIME_DIR/animd.sock, else /tmp/animd-$UID/animd.sock.
    Q_PROPERTY(QString socket READ socket WRITE setSocket NOTIFY socketChanged)
    /// The name animd shows as the owner of what this connection declares (`daemon.hello`'s client).
    Q_PROPERTY(QString client READ client WRITE setClient NOTIFY clientChanged)
    Q_PROPERTY(bool connected READ connected NOTIFY connectedChanged)

public:
    using Answer = std::function<void(const QJsonValue &result, const QString &error, bool refused)>;

    explicit Connection(QObject *parent = nullptr);
    ~Connection() override;

    QString socket() const { return socket_; }
    void setSocket(const QString &socket);
    QString client() const { return client_; }
    void setClient(const QString &client);
    bool connected() const { return connected_; }
    QString resolvedSocket() const;

    /// Sends a request; `answer` gets its result, or an error (`refused` when animd answered with one). An empty
    /// `answer` (`{}`): the answer is read and dropped.
    void call(const QString &method, const QJsonObject &params, Answer answer);

    /// From QML: a request; `answered(result, error)` is called with its result, or with null and animd's or the
    /// socket's error (`animd.request("daemon.hello", {}, (hello, error) => …)`).
    Q_INVOKABLE void request(const QString &method, const QVariantMap &params, const QJSValue &answered);

signals:
    void socketChanged();
    void clientChanged();
    void connectedChanged();
    /// Connected and greeted: transitions declare and subscribe now.
    void opened();
    /// The connection is gone; it is tried again after a wait.
    void lost(const QString &message);
    void notification(const QString &method, const QJsonObject &params);

private:
    void start();
    void attempt();
    void connectedToServer();
    void readLines();
    void take(const QByteArray &line);
    void drop(const QString &message);

    QString socket_, client_;
    bool connected_ = false, started_ = false;
    QLocalSocket link_;
    QByteArray buffer_;
    qint64 nextId_ = 1;
    QHash<qint64, Answer> waiting_;
    QTimer retry_;
    int waitMs_;
};

}  // namespace Animd
