export default function AppShell() { return <aside>shell</aside> }
