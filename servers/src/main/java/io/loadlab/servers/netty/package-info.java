/**
 * The netty model: Netty event loops that never block ({@code /delay} a scheduled task, an async backend client, the
 * reactive database client), HTTP/1.1 and HTTP/2 on one port. Its backend client also serves servlet-async's
 * non-blocking offload.
 */
package io.loadlab.servers.netty;
