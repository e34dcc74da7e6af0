// rapidoc ships no types; it is imported only for its side effect of registering <rapi-doc>.
declare module "rapidoc";
