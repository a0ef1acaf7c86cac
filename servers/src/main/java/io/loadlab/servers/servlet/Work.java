package io.loadlab.servers.servlet;

import io.loadlab.core.data.ZipCode;

/**
 * The endpoints of the contract that wait (on time, the backend or the database), done blocking: each method
 * returns once the answer is known. Inputs are already validated.
 */
interface Work extends AutoCloseable {
    Reply delay(int ms);

    Reply backend();

    Reply upsert(ZipCode row);

    Reply find(String zip);

    Reply health();

    @Override
    void close();
}
