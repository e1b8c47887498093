#pragma once
// The short names of Boost.Asio and Boost.Beast that the two networking translation units
// (net_server.cpp, net_client.cpp) write; only they include this, so only they pay for Beast.
#include <boost/asio.hpp>
#include <boost/beast.hpp>

namespace mw::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

}  // namespace mw::server
