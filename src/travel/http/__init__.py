"""The HTTP edge: the GraphQL endpoint's steps, the request's typed state, what is recorded."""
