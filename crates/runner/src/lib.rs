//! The runtime an agent embeds: given accepted IR hooks and an event, it runs the matching hooks
//! exactly as their convention's contract says and returns one decision.
