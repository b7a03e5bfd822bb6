import { useLocation, useNavigation } from "react-router";

/**
 * True while the browser loads a new version of the list at `pathname` — the moment to show skeletons
 * (the server always sends real rows). With `params`, only a change of those query parameters counts,
 * so a dialog opening over the list (?edit=…) does not blank it.
 */
export function useListLoading(pathname: string, params?: readonly string[]): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.location.pathname !== pathname) return false;
  if (!params) return true;
  const listKey = (search: string) => {
    const query = new URLSearchParams(search);
    return params.map((name) => query.get(name) ?? "").join("\u0000");
  };
  return listKey(navigation.location.search) !== listKey(location.search);
}
