import "./style.css";
import "./dialogs.css";
import "./screens.css";
import { mountShell } from "./shell";
import { connect } from "./transport";

mountShell(document.getElementById("app")!, connect());
