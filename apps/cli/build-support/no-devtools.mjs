// Stands in for react-devtools-core in the bundle: Ink connects to React's devtools only when
// DEV=true, which the shipped binary never sets.
export default { connectToDevTools() {} };
export function connectToDevTools() {}
